/** Term and value pairs as a description list: the vehicle on LoggedIn, the booking on Confirmation. */
export function FactList({ facts, className }: { facts: readonly (readonly [string, string])[]; className: string }) {
  return (
    <dl className={`tirehotel__facts ${className}`}>
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
