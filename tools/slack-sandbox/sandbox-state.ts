/** Everything one running sandbox holds: the workspace, the queued faults and the calls it answered. */
import { FaultQueue } from './faults';
import { Workspace, type WorkspaceOptions } from './workspace';

export interface Call {
  method: string;
  /** HTTP status sent, 0 for a connection cut on purpose. */
  status: number;
  /** Slack's `error` when the answer was `ok: false`. */
  error: string | null;
  /** What the fault queue did to the call, if anything. */
  fault: string | null;
  at: string;
}

export class SandboxState {
  readonly workspace: Workspace;
  readonly faults = new FaultQueue();
  private log: Call[] = [];

  constructor(options: WorkspaceOptions = {}) {
    this.workspace = new Workspace(options);
  }

  recordCall(call: Omit<Call, 'at'>): void {
    this.log.push({ ...call, at: new Date().toISOString() });
  }

  /** Oldest first; one method's when given. */
  calls(method?: string): Call[] {
    return method === undefined ? [...this.log] : this.log.filter((call) => call.method === method);
  }

  /** Messages, tokens, channels and codes as at the start; faults and the call log emptied; held answers let go. */
  reset(): void {
    this.workspace.reset();
    this.faults.clear();
    this.faults.release();
    this.log = [];
  }
}
