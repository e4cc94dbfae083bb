/** An enumeration option as HubSpot's properties API answers it. */
type PropertyOption = {
  label: string;
  value: string;
  description: string;
  displayOrder: number;
  hidden: boolean;
};

const option = (displayOrder: number, label: string, value: string, hidden = false): PropertyOption => ({
  label,
  value,
  description: '',
  displayOrder,
  hidden,
});

const enumerationProperty = (
  name: string,
  label: string,
  fieldType: 'checkbox' | 'select',
  options: PropertyOption[],
) => ({
  name,
  label,
  type: 'enumeration',
  fieldType,
  description: '',
  groupName: 'contactinformation',
  displayOrder: -1,
  formField: true,
  hidden: false,
  hasUniqueValue: false,
  hubspotDefined: false,
  calculated: false,
  externalOptions: false,
  modificationMetadata: {
    archivable: true,
    readOnlyDefinition: false,
    readOnlyOptions: false,
    readOnlyValue: false,
  },
  createdAt: '2025-01-06T09:00:00.000Z',
  updatedAt: '2025-09-15T14:30:00.000Z',
  archived: false,
  options,
});

/**
 * The sandbox portal's contact properties: the two custom enumerations a campaign's CRM settings
 * set (a multiple-checkbox Source and a single-select Sub Source, each with one hidden option, as
 * a portal keeps retired values), and one HubSpot-defined text property that has no options.
 */
export const sandboxContactProperties = [
  enumerationProperty('lead_source', 'Lead source', 'checkbox', [
    option(0, 'LinkedIn outreach', 'linkedin_outreach'),
    option(1, 'Outbound prospecting', 'outbound_prospecting'),
    option(2, 'Referral', 'referral'),
    option(3, 'Event', 'event'),
    option(4, 'Webinar', 'webinar'),
    option(5, 'Partner', 'partner'),
    option(6, 'Trade show (retired)', 'trade_show', true),
  ]),
  enumerationProperty('contact_sub_source', 'Contact sub source', 'select', [
    option(0, 'Connection request', 'connection_request'),
    option(1, 'Follow-up message', 'follow_up_message'),
    option(2, 'InMail', 'inmail'),
    option(3, 'Group member', 'group_member'),
    option(4, 'Event attendee', 'event_attendee'),
    option(5, 'Sales Navigator lead', 'sales_navigator_lead'),
    option(6, 'Cold call (retired)', 'cold_call', true),
  ]),
  {
    ...enumerationProperty('jobtitle', 'Job Title', 'select', []),
    type: 'string',
    fieldType: 'text',
    hubspotDefined: true,
  },
];
