/** The paths of a 400's issues, for `expect(issuePaths(res.body)).toContain('query.lat')`. */
export const issuePaths = (body: { error?: { issues?: Array<{ path: string }> } }) =>
  (body.error?.issues ?? []).map((i) => i.path);
