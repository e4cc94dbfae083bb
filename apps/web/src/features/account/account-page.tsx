import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { useProfile } from '../auth/auth-queries.ts';
import { BillingView } from '../billing/billing-view.tsx';
import { PageTitle } from '../shell/page-title.tsx';
import { AutomationModePanel } from '../workspace/automation-mode-panel.tsx';
import { WorkingHoursSettings } from '../workspace/working-hours-settings.tsx';

const tabs = ['Automation Mode', 'Working Hours', 'Subscription Billing'] as const;
type AccountTab = (typeof tabs)[number];
const idOf = (tab: AccountTab) => tab.toLowerCase().replace(/\s+/g, '-');

/** Account page (/account): Automation Mode, Working Hours, Subscription Billing. */
export function AccountPage() {
  const [tab, setTab] = useState<AccountTab>('Automation Mode');
  const profile = useProfile().data;
  return (
    <Box>
      <PageTitle>Account</PageTitle>
      {/* Scrollable: at phone width the tabs do not fit, and none may be cut. */}
      <Tabs
        value={tab}
        onChange={(_, next: AccountTab) => setTab(next)}
        aria-label="Account"
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        sx={{ mb: 2 }}
      >
        {tabs.map((name) => (
          <Tab
            key={name}
            value={name}
            label={name}
            id={`account-tab-${idOf(name)}`}
            aria-controls={`account-panel-${idOf(name)}`}
          />
        ))}
      </Tabs>
      <Paper
        variant="outlined"
        sx={{ p: 3 }}
        role="tabpanel"
        id={`account-panel-${idOf(tab)}`}
        aria-labelledby={`account-tab-${idOf(tab)}`}
      >
        {tab === 'Automation Mode' && <AutomationModePanel />}
        {tab === 'Working Hours' && <WorkingHoursSettings timezoneOffset={profile?.timezoneOffset ?? null} />}
        {tab === 'Subscription Billing' && profile && <BillingView profile={profile} />}
      </Paper>
    </Box>
  );
}
