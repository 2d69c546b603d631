/**
 * Failures to rehearse against: server errors, slow answers, connections cut mid-request.
 * Decisions come from a seeded generator, so a run with the same settings fails the same way.
 */
import { z } from 'zod';
import { SeededRandom } from '../../src/synthetic-crm';

export const faultSettingsSchema = z.object({
  /** Share of requests answered with `errorStatus`, 0 to 1. */
  errorRate: z.number().min(0).max(1),
  errorStatus: z.number().int().min(500).max(599),
  /** Added to every request, plus up to `latencyJitterMs` more. */
  latencyMs: z.number().int().min(0).max(120_000),
  latencyJitterMs: z.number().int().min(0).max(120_000),
  /** Share of requests whose connection is destroyed without an answer, 0 to 1. */
  dropRate: z.number().min(0).max(1),
  seed: z.number().int(),
  /** Path prefixes the faults apply to; empty means every HubSpot route. */
  paths: z.array(z.string()),
});
export type FaultSettings = z.infer<typeof faultSettingsSchema>;
export type FaultOptions = Partial<FaultSettings>;

export const NO_FAULTS: FaultSettings = { errorRate: 0, errorStatus: 500, latencyMs: 0, latencyJitterMs: 0, dropRate: 0, seed: 1, paths: [] };

export type FaultDecision = { delayMs: number; action: 'pass' | 'drop' | 'error' };

export class FaultInjector {
  private settings: FaultSettings;
  private random: SeededRandom;

  constructor(options: FaultOptions = {}) {
    this.settings = faultSettingsSchema.parse({ ...NO_FAULTS, ...options });
    this.random = new SeededRandom(this.settings.seed);
  }

  get current(): FaultSettings {
    return this.settings;
  }

  /** Changes the given settings, keeps the others; the generator restarts from the seed. */
  configure(options: FaultOptions): FaultSettings {
    this.settings = faultSettingsSchema.parse({ ...this.settings, ...options });
    this.random = new SeededRandom(this.settings.seed);
    return this.settings;
  }

  decide(path: string): FaultDecision {
    const s = this.settings;
    if (s.paths.length > 0 && !s.paths.some((prefix) => path.startsWith(prefix))) return { delayMs: 0, action: 'pass' };
    const delayMs = s.latencyMs + (s.latencyJitterMs > 0 ? Math.floor(this.random.next() * s.latencyJitterMs) : 0);
    if (s.dropRate === 0 && s.errorRate === 0) return { delayMs, action: 'pass' };
    // One draw decides both, so the shares add up exactly.
    const u = this.random.next();
    if (u < s.dropRate) return { delayMs, action: 'drop' };
    if (u < s.dropRate + s.errorRate) return { delayMs, action: 'error' };
    return { delayMs, action: 'pass' };
  }
}
