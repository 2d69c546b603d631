/**
 * The sandbox's idea of now, for token expiry, rate-limit windows, daily budgets and
 * modification dates. Tests move it forward instead of waiting, or freeze it.
 */
export class SandboxClock {
  private offset = 0;
  private frozenAt: number | null = null;

  now(): number {
    return this.frozenAt ?? Date.now() + this.offset;
  }

  advance(ms: number): void {
    if (this.frozenAt !== null) this.frozenAt += ms;
    else this.offset += ms;
  }

  /** Jumps to a moment; the clock keeps running from there unless frozen. */
  set(ms: number): void {
    if (this.frozenAt !== null) this.frozenAt = ms;
    else this.offset = ms - Date.now();
  }

  freeze(): void {
    this.frozenAt ??= this.now();
  }

  unfreeze(): void {
    if (this.frozenAt === null) return;
    this.offset = this.frozenAt - Date.now();
    this.frozenAt = null;
  }

  get frozen(): boolean {
    return this.frozenAt !== null;
  }

  /** Back to real time. */
  reset(): void {
    this.offset = 0;
    this.frozenAt = null;
  }
}
