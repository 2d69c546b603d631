import type { ObjectType } from './object-types';

const LOCATION = 'Territories, regional reports and sending at a good local time all depend on where a record is.';
const FIRMOGRAPHICS = 'Segments, lead scoring and ideal-customer reports need to know what kind of company this is.';
const NAME = 'Personalised emails fall back to generic greetings, and people are harder to match when looking for duplicates.';
const TICKET_ROUTING = 'Tickets without it cannot be routed, prioritised or reported on properly.';

/** Why a missing property hurts, per HubSpot property of the completeness score (src/engine/health/health-properties.ts). */
const WHY_IT_MATTERS: Readonly<Record<string, string>> = {
  email: 'Without an email address a contact cannot get marketing emails or sequences, and duplicates are much harder to find.',
  firstname: NAME,
  lastname: NAME,
  phone: 'Sales cannot call these records, and a phone number is one of the strongest signs that two records are the same.',
  company: 'Contacts without a company name cannot be tied to their account or segmented by company.',
  jobtitle: 'You cannot target or report by role and seniority.',
  address: LOCATION,
  city: LOCATION,
  state: LOCATION,
  zip: LOCATION,
  country: LOCATION,
  lifecyclestage: 'Funnel reports and the hand-off between marketing and sales rely on the lifecycle stage.',
  hubspot_owner_id: 'Records without an owner fall through the cracks: nobody is responsible for following up.',
  name: 'Unnamed companies are hard to recognise in lists and to match as duplicates.',
  domain: 'HubSpot uses the domain to associate contacts with their company automatically and to spot duplicate companies.',
  industry: FIRMOGRAPHICS,
  numberofemployees: FIRMOGRAPHICS,
  annualrevenue: FIRMOGRAPHICS,
  dealname: 'Unnamed deals are hard to recognise on the board and in reports.',
  amount: 'Pipeline value and revenue forecasts leave these deals out.',
  closedate: 'Forecasts by month or quarter cannot count deals without a close date.',
  dealstage: 'Deals without a stage do not show up correctly in pipeline reports.',
  pipeline: 'Deals without a pipeline do not show up correctly in pipeline reports.',
  subject: 'Agents cannot tell tickets apart at a glance.',
  content: 'Whoever picks up the ticket has to ask the customer again what is wrong.',
  hs_pipeline_stage: TICKET_ROUTING,
  hs_ticket_priority: TICKET_ROUTING,
  hs_ticket_category: TICKET_ROUTING,
};

const GENERIC = 'Records missing it are harder to segment, report on and match as duplicates.';

export function whyPropertyMatters(property: string | undefined): string {
  return (property && WHY_IT_MATTERS[property]) || GENERIC;
}

/** What to do about missing values, beyond the reason: where the gap usually comes from. */
export function howToFillProperty(objectType: ObjectType): string {
  if (objectType === 'contacts') return 'Make it a required field on your forms and imports, or fill it in bulk from an enrichment source or a HubSpot workflow.';
  return 'Make it required when records are created, and fill the gaps with a HubSpot workflow or a bulk edit.';
}
