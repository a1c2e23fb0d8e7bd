/** Where the process is in its life; /readyz answers 503 outside 'ready'. */
export type LifecycleState = 'starting' | 'ready' | 'stopping';

export class Lifecycle {
  state: LifecycleState = 'starting';
}
