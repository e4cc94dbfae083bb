import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type AppProfile, planCatalogue, type SubscriptionResponse } from '@outpilot/contracts';
import { Link as RouterLink } from 'react-router';
import { useNotify } from '../notices/use-notify.tsx';
import { formatDay, todayIn } from '../workspace/calendar-days.ts';
import {
  useCancelSubscription,
  useInvoices,
  useOpenManagementPage,
  useResumeSubscription,
  useSubscription,
} from './billing-queries.ts';
import { canManageBilling } from './can-manage-billing.ts';
import { billingTexts } from './subscription-texts.ts';

const dayOf = (iso: string, offset: number) => formatDay(todayIn(offset, new Date(iso)));

function StatusTags({ subscription }: { subscription: SubscriptionResponse }) {
  return (
    <Stack direction="row" spacing={1} component="span">
      <Chip
        size="small"
        label={subscription.is_active ? 'Active' : 'Inactive'}
        color={subscription.is_active ? 'success' : 'default'}
      />
      {subscription.state === 'canceled' && <Chip size="small" label="Canceled" color="warning" />}
      {subscription.state === 'overdue' && <Chip size="small" label="Overdue" color="error" />}
    </Stack>
  );
}

function Price({ subscription }: { subscription: SubscriptionResponse }) {
  return (
    <span>
      {subscription.base_price !== subscription.actual_price && (
        <Box component="s" sx={{ mr: 1, color: 'text.secondary' }}>
          {`${subscription.base_price}$`}
        </Box>
      )}
      {`${subscription.actual_price}$ per month`}
    </span>
  );
}

function Line({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box component="div" sx={{ display: 'flex', gap: 2, py: 0.75, alignItems: 'center', flexWrap: 'wrap' }}>
      <Box component="dt" sx={{ minWidth: 140, color: 'text.secondary' }}>
        {label}
      </Box>
      <Box component="dd" sx={{ m: 0 }}>
        {children}
      </Box>
    </Box>
  );
}

/**
 * Account > Subscription Billing (seed 000 §2 "Billing view"): plan, dates, status tags, price,
 * 'Activated by', and the controls §2 and §6 allow; beyond the spec, the invoice history.
 */
export function BillingView({ profile }: { profile: AppProfile }) {
  const subscription = useSubscription();
  const isPaid = subscription.data !== undefined && subscription.data.plan_id !== 'trial';
  const invoices = useInvoices(isPaid);
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  const manage = useOpenManagementPage();
  const { notify, notifyError } = useNotify();

  if (subscription.isPending) return <CircularProgress aria-label="Loading subscription" />;
  if (subscription.isError) return <Alert severity="error">{subscription.error.message}</Alert>;
  const current = subscription.data;
  const offset = profile.timezoneOffset ?? 0;
  const mayManage = canManageBilling(profile, current);
  const busy = cancel.isPending || resume.isPending;
  const say = (message: string) => () => notify({ message, variant: 'default' });

  return (
    <Box>
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        Subscription Billing
      </Typography>
      <Box component="dl" sx={{ m: 0 }}>
        <Line label="Plan">{planCatalogue[current.plan_id].NAME}</Line>
        <Line label="Status">
          <StatusTags subscription={current} />
        </Line>
        <Line label="Activated">{dayOf(current.activation_date, offset)}</Line>
        {current.state === 'active' && current.next_charge_date ? (
          <Line label="Next charge">{dayOf(current.next_charge_date, offset)}</Line>
        ) : (
          current.expiration_date && (
            <Line label={current.is_active ? 'Expires' : 'Expired'}>
              {dayOf(current.expiration_date, offset)}
            </Line>
          )
        )}
        <Line label="Price">
          <Price subscription={current} />
        </Line>
        {current.activated_by && (
          <Line label="Activated by">
            {profile.teamRole === 'owner'
              ? 'team owner'
              : `${current.activated_by.name} (${current.activated_by.email})`}
          </Line>
        )}
      </Box>
      {mayManage && (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ mt: 3, flexWrap: 'wrap' }}
          useFlexGap
        >
          <Button variant="contained" component={RouterLink} to="/upgrade">
            {billingTexts.upgradeButton}
          </Button>
          {isPaid && current.state === 'active' && current.is_active && (
            <Button
              variant="outlined"
              color="error"
              disabled={busy}
              onClick={() =>
                cancel.mutate(undefined, { onSuccess: say(billingTexts.canceled), onError: notifyError })
              }
            >
              {billingTexts.cancelButton}
            </Button>
          )}
          {isPaid && current.state === 'canceled' && current.is_active && (
            <Button
              variant="outlined"
              disabled={busy}
              onClick={() =>
                resume.mutate(undefined, { onSuccess: say(billingTexts.resumed), onError: notifyError })
              }
            >
              {billingTexts.resumeButton}
            </Button>
          )}
          {isPaid && (
            <Button
              variant="outlined"
              disabled={manage.isPending}
              onClick={() => manage.mutate(undefined, { onError: notifyError })}
            >
              {billingTexts.manageButton}
            </Button>
          )}
        </Stack>
      )}
      {isPaid && (
        <Box sx={{ mt: 4 }}>
          <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
            Invoices
          </Typography>
          {invoices.isPending ? (
            <CircularProgress size={24} aria-label="Loading invoices" />
          ) : (
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label="Invoices">
                <TableHead>
                  <TableRow>
                    <TableCell>Date</TableCell>
                    <TableCell>Amount</TableCell>
                    <TableCell>Status</TableCell>
                    <TableCell>Invoice</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {(invoices.data?.documents ?? []).map((invoice) => (
                    <TableRow key={invoice.id}>
                      <TableCell>{dayOf(invoice.created, offset)}</TableCell>
                      <TableCell>{`${invoice.amount.toFixed(2)}$`}</TableCell>
                      <TableCell>{invoice.status}</TableCell>
                      <TableCell>
                        <Link
                          href={invoice.url}
                          target="_blank"
                          rel="noopener noreferrer"
                          aria-label={`View invoice of ${dayOf(invoice.created, offset)}`}
                        >
                          View
                        </Link>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
        </Box>
      )}
    </Box>
  );
}
