import { describe, expect, it } from 'vitest';
import { portalDisplayName } from './portal-name';
import { labelledValue, labelOfAny, labelsFor, valueLabel } from './value-labels';

const labels = {
  hubspot_owner_id: { '30000003': 'Priya Raman' },
  hs_pipeline_stage: { '2': 'Waiting on contact', '4': 'Closed' },
  hs_ticket_category: { PRODUCT_ISSUE: 'Product issue', BILLING_ISSUE: 'Billing issue' },
  hs_pipeline: { '0': 'Support Pipeline' },
  priority_copy: { '2': 'Two' },
};

describe('value labels', () => {
  it('read a value by its label, and leave one without a label as it is', () => {
    expect(labelledValue(labels, 'hubspot_owner_id', '30000003')).toBe('Priya Raman');
    expect(labelledValue(labels, 'hubspot_owner_id', '39999999')).toBe('39999999');
    expect(labelledValue(labels, 'lifecyclestage', 'lead')).toBe('lead');
    expect(valueLabel(labels, 'hs_pipeline_stage', '')).toBeNull();
    // Multiple checkboxes: each option by its label.
    expect(labelledValue(labels, 'hs_ticket_category', 'PRODUCT_ISSUE;BILLING_ISSUE;OTHER')).toBe('Product issue; Billing issue; OTHER');
  });

  it('send only the labels the records need', () => {
    const picked = labelsFor(labels, [{ properties: { hs_pipeline_stage: '2', hubspot_owner_id: '39999999', subject: 'Help' } }]);
    expect(picked).toEqual({ hs_pipeline_stage: { '2': 'Waiting on contact' } });
  });

  it('label a value of an unknown property only when one property names it', () => {
    expect(labelOfAny(labels, 'BILLING_ISSUE')).toBe('Billing issue');
    // '2' is a stage and another property's option: which one is meant is not known.
    expect(labelOfAny(labels, '2')).toBeNull();
    expect(labelOfAny(labels, 'nothing')).toBeNull();
  });
});

describe('portal names', () => {
  it("never call a portal by HubSpot's app host", () => {
    expect(portalDisplayName({ portalName: 'Acme Inc', hubDomain: 'acme.com', hubId: '1' })).toBe('Acme Inc');
    expect(portalDisplayName({ portalName: null, hubDomain: 'acme.com', hubId: '1' })).toBe('acme.com');
    expect(portalDisplayName({ portalName: null, hubDomain: 'app.hubspot.com', hubId: '24000001' })).toBe('Portal 24000001');
    expect(portalDisplayName({ hubDomain: 'app-eu1.hubspot.com', hubId: '7' })).toBe('Portal 7');
    expect(portalDisplayName({ hubDomain: null, hubId: null })).toBeNull();
  });
});
