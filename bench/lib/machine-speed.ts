/**
 * How fast this machine is right now, measured by fixed work: this virtual machine's speed
 * swings from hour to hour (the same 5M engine run has taken 152 s and 190 s the same night,
 * the load near zero both times), and a bench figure means little without it. Two figures:
 *   - computing: integer arithmetic and reads scattered over 64 MiB (as comparing and
 *     grouping read columns by record index), in milliseconds, the fastest of three;
 *   - fresh memory: seconds a GiB to touch 256 MiB the process never had. The host lends this
 *     virtual machine its memory lazily: pages some process used in the last minutes cost
 *     0.4 s a GiB, pages untouched for longer 2.5-3.2 s a GiB (a 5M run touches over 10 GiB).
 */
import type { Figure } from './bench-history';

const SCATTERED = 1 << 24;
const FRESH_BYTES = 256 * 2 ** 20;

/** `cells` allocated and touched beforehand: fresh memory is the other figure's. */
function computing(cells: Int32Array): number {
  const started = performance.now();
  let x = 1;
  for (let i = 0; i < 40_000_000; i++) {
    x = (Math.imul(x, 1103515245) + 12345) | 0;
    cells[x & (SCATTERED - 1)]! += 1;
  }
  // Read back, so that no step of the loop can be left out.
  if (cells[x & (SCATTERED - 1)] === -1) throw new Error('unreachable');
  return performance.now() - started;
}

function freshMemory(): number {
  const started = performance.now();
  // Unpooled and uninitialised: its pages are mapped, and first touched, here.
  const memory = Buffer.allocUnsafeSlow(FRESH_BYTES);
  for (let at = 0; at < memory.length; at += 4096) memory[at] = 1;
  return (performance.now() - started) / 1000 / (FRESH_BYTES / 2 ** 30);
}

export interface MachineSpeed {
  computingMs: number;
  freshSecondsAGiB: number;
}

export function machineSpeed(): MachineSpeed {
  // Fresh memory measured once: a second try would reuse what the first warmed.
  const freshSecondsAGiB = Math.round(freshMemory() * 100) / 100;
  const cells = new Int32Array(SCATTERED).fill(1);
  return { computingMs: Math.round(Math.min(computing(cells), computing(cells), computing(cells))), freshSecondsAGiB };
}

export const describeSpeed = (speed: MachineSpeed): string => `fixed work ${speed.computingMs} ms, fresh memory ${speed.freshSecondsAGiB.toFixed(2)} s a GiB`;

/** The speed as figures, so the table against the previous run shows a slower machine beside slower stages. */
export function speedFigures(label: string, speed: MachineSpeed): Figure[] {
  return [
    { name: `${label}: machine, fixed work`, value: speed.computingMs, unit: 'ms', better: 'lower' },
    { name: `${label}: machine, fresh memory a GiB`, value: speed.freshSecondsAGiB, unit: 's', better: 'lower' },
  ];
}
