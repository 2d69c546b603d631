/** A HubSpot account (portal): its records, tier, time zone and settings. */
import { z } from 'zod';
import { DEAL_STAGES, DEFAULT_DUPLICATE_RATE, OWNERS, TICKET_STAGES, type RecordCounts } from '../../src/synthetic-crm';
import { OBJECT_TYPES, type ObjectType } from './object-types';
import type { RecordStore } from './record-store';
import type { Tier } from './rate-limiter';
import { seedPortal } from './seed-portal';

export const DEFAULT_PORTAL_ID = 24_000_001;
const MAX_RECORDS_PER_TYPE = 2_000_000;

const count = z.number().int().min(0).max(MAX_RECORDS_PER_TYPE);

export const privateAppOptionsSchema = z.object({
  /** Default: derived from the portal id and app name, so it is the same on every start. */
  token: z.string().min(8).optional(),
  name: z.string().min(1).optional(),
  /** Default: every CRM scope the sandbox checks. */
  scopes: z.array(z.string()).optional(),
});
export type PrivateAppOptions = z.infer<typeof privateAppOptionsSchema>;

export const portalOptionsSchema = z.object({
  portalId: z.number().int().positive().optional(),
  tier: z.enum(['starter', 'professional', 'enterprise']).default('professional'),
  seed: z.number().int().default(1),
  contacts: count.default(100),
  companies: count.default(30),
  deals: count.default(30),
  tickets: count.default(30),
  duplicateRate: z.number().min(0).max(0.5).default(DEFAULT_DUPLICATE_RATE),
  timeZone: z
    .string()
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone')
    .default('US/Eastern'),
  companyCurrency: z.string().length(3).default('USD'),
  /** HubSpot refuses company merges while a Salesforce integration is installed. */
  salesforceIntegration: z.boolean().default(false),
  /** Default: one app with every CRM scope. */
  privateApps: z.array(privateAppOptionsSchema).optional(),
});
export type PortalOptions = z.input<typeof portalOptionsSchema>;
type ResolvedPortalOptions = z.output<typeof portalOptionsSchema>;

export interface SandboxOwner {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  archived: boolean;
}

export interface SandboxPipeline {
  id: string;
  label: string;
  stages: { id: string; label: string }[];
}

export class Portal {
  readonly id: number;
  readonly tier: Tier;
  readonly timeZone: string;
  readonly companyCurrency: string;
  readonly seed: number;
  readonly duplicateRate: number;
  salesforceIntegration: boolean;
  /** The users records are assigned to; tests rename or deactivate them as a portal's admin would. */
  readonly owners: SandboxOwner[] = OWNERS.map((owner) => ({ ...owner, archived: false }));
  /** One pipeline per type, as a new portal has: the ids the seeded records use, HubSpot's default labels. */
  readonly pipelines: Record<'deals' | 'tickets', SandboxPipeline> = {
    deals: { id: 'default', label: 'Sales Pipeline', stages: DEAL_STAGES.map((s) => ({ id: s.value, label: s.label })) },
    tickets: { id: '0', label: 'Support Pipeline', stages: TICKET_STAGES.map((s) => ({ id: s.value, label: s.label })) },
  };
  private readonly stores: Record<ObjectType, RecordStore>;

  constructor(id: number, options: ResolvedPortalOptions) {
    this.id = id;
    this.tier = options.tier;
    this.timeZone = options.timeZone;
    this.companyCurrency = options.companyCurrency;
    this.seed = options.seed;
    this.duplicateRate = options.duplicateRate;
    this.salesforceIntegration = options.salesforceIntegration;
    const counts: RecordCounts = { contacts: options.contacts, companies: options.companies, deals: options.deals, tickets: options.tickets };
    this.stores = seedPortal({ seed: options.seed, counts, duplicateRate: options.duplicateRate });
  }

  store(type: ObjectType): RecordStore {
    return this.stores[type];
  }

  get hubDomain(): string {
    return `portal-${this.id}.sandbox.hubspot.test`;
  }

  /** Live records per type. */
  counts(): Record<ObjectType, number> {
    return Object.fromEntries(OBJECT_TYPES.map((type) => [type, this.stores[type].size])) as Record<ObjectType, number>;
  }

  /** `GET /account-info/v3/details`. */
  accountDetails(now: number): Record<string, unknown> {
    const offsetMs = utcOffsetMs(this.timeZone, now);
    const sign = offsetMs < 0 ? '-' : '+';
    const minutes = Math.abs(offsetMs) / 60_000;
    return {
      portalId: this.id,
      accountType: 'STANDARD',
      timeZone: this.timeZone,
      companyCurrency: this.companyCurrency,
      additionalCurrencies: [],
      utcOffset: `${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
      utcOffsetMilliseconds: offsetMs,
      uiDomain: 'app.hubspot.com',
      dataHostingLocation: 'na1',
    };
  }
}

/** The zone's offset from UTC at that moment (daylight saving included). */
function utcOffsetMs(timeZone: string, at: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const local = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return local - (at - (at % 1000));
}

export function resolvePortalOptions(options: PortalOptions): ResolvedPortalOptions {
  return portalOptionsSchema.parse(options);
}
