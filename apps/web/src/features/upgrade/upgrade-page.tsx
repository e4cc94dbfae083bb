import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  earlyBirdsDescription,
  type PlanCatalogueEntry,
  type PurchasablePlanId,
  planCatalogue,
  purchasablePlanIds,
  type SubscriptionResponse,
} from '@outpilot/contracts';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useClientConfig } from '../../config/config-context.tsx';
import { useProfile } from '../auth/auth-queries.ts';
import {
  useChangePlan,
  useStartCheckout,
  useSubscription,
  useSyncOrder,
} from '../billing/billing-queries.ts';
import { isUpgradedByAnother } from '../billing/can-manage-billing.ts';
import { billingTexts, changeMode, hasActivePaidPlan } from '../billing/subscription-texts.ts';
import { ConfirmDialog } from '../contacts/confirm-dialog.tsx';
import { useNotify } from '../notices/use-notify.tsx';
import { PageTitle } from '../shell/page-title.tsx';

type Change = { plan: PlanCatalogueEntry & { ID: PurchasablePlanId }; mode: 'upgrade' | 'downgrade' };

const changeTexts = {
  upgrade: {
    title: 'Upgrade subscription',
    body: (name: string) =>
      `Upgrade to ${name}? The difference for the rest of this period is charged now (prorated).`,
  },
  downgrade: {
    title: 'Downgrade subscription',
    body: (name: string) =>
      `Downgrade to ${name}? The unused part of this period is credited to your next payments.`,
  },
} as const;

/** The card shown for a plan: the early-bird plan takes the Basic card's place while it is active. */
function cardPlan(id: PurchasablePlanId, subscription: SubscriptionResponse): PlanCatalogueEntry {
  return id === 'basic' && subscription.plan_id === 'experimental' && subscription.is_active
    ? planCatalogue.experimental
    : planCatalogue[id];
}

/**
 * Upgrade screen (/upgrade, seed 000 §2 and §4): the Basic, Pro and Team cards. Without an active
 * paid plan a choice opens the provider's hosted checkout; with one, it asks to confirm the
 * upgrade or downgrade. Back from the checkout (?checkout_id=…), the order is synchronised.
 */
export function UpgradePage() {
  const profile = useProfile().data;
  const subscription = useSubscription();
  const config = useClientConfig();
  const { notify, notifyError } = useNotify();
  const checkout = useStartCheckout();
  const changePlan = useChangePlan();
  const syncOrder = useSyncOrder();
  const [searchParams, setSearchParams] = useSearchParams();
  const [coupon, setCoupon] = useState('');
  const [change, setChange] = useState<Change | null>(null);
  const syncedCheckout = useRef<string | null>(null);

  const checkoutId = searchParams.get('checkout_id');
  useEffect(() => {
    if (!checkoutId || syncedCheckout.current === checkoutId) return;
    syncedCheckout.current = checkoutId;
    syncOrder.mutate(checkoutId, {
      onSuccess: () => notify({ message: billingTexts.activated, variant: 'default' }),
      onError: notifyError,
      onSettled: () => setSearchParams({}, { replace: true }),
    });
  }, [checkoutId, syncOrder, notify, notifyError, setSearchParams]);

  if (!profile || subscription.isPending || syncOrder.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label="Loading" />
      </Box>
    );
  }
  if (subscription.isError) {
    return <Alert severity="error">{subscription.error.message}</Alert>;
  }
  const current = subscription.data;
  if (isUpgradedByAnother(profile, current)) return <Navigate to="/campaigns" replace />;
  const paid = hasActivePaidPlan(current);

  const choose = (plan: Change['plan']) => {
    if (!paid) {
      checkout.mutate({ planId: plan.ID, coupon }, { onError: notifyError });
      return;
    }
    setChange({ plan, mode: changeMode(current, plan.PRICE) });
  };
  const confirmChange = () => {
    if (!change) return;
    changePlan.mutate(change.plan.ID, {
      onSuccess: () => {
        notify({ message: billingTexts.upgraded, variant: 'default' });
        setChange(null);
      },
      onError: (error) => {
        setChange(null);
        notifyError(error);
      },
    });
  };

  return (
    <Box>
      <PageTitle>{billingTexts.chooseTitle}</PageTitle>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
        }}
      >
        {purchasablePlanIds.map((id) => {
          const plan = cardPlan(id, current);
          const isCurrent = current.is_active && current.plan_id === plan.ID;
          const description = plan.ID === 'experimental' ? earlyBirdsDescription : plan.description;
          return (
            <Card
              component="li"
              key={id}
              variant="outlined"
              sx={{ display: 'flex', flexDirection: 'column' }}
            >
              <CardContent sx={{ flexGrow: 1 }}>
                <Typography variant="h5" component="h2">
                  {planCatalogue[id].NAME}
                </Typography>
                <Typography color="text.secondary" sx={{ mb: 1 }}>
                  {description}
                </Typography>
                <Typography variant="h6" component="p">{`${plan.PRICE}$ per month`}</Typography>
                <Box component="ul" sx={{ pl: 2.5, mb: 0 }}>
                  {plan.featureList.map((feature) => (
                    <li key={feature}>
                      <Typography variant="body2">{feature}</Typography>
                    </li>
                  ))}
                </Box>
              </CardContent>
              <CardActions sx={{ p: 2 }}>
                <Button
                  fullWidth
                  variant={isCurrent ? 'outlined' : 'contained'}
                  disabled={isCurrent || checkout.isPending || changePlan.isPending}
                  onClick={() => choose({ ...planCatalogue[id], ID: id })}
                  aria-label={
                    isCurrent ? undefined : `${billingTexts.upgradeButton}: ${planCatalogue[id].NAME}`
                  }
                >
                  {isCurrent ? billingTexts.currentPlan : billingTexts.upgradeButton}
                </Button>
              </CardActions>
            </Card>
          );
        })}
      </Box>
      <Box sx={{ mt: 3, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        {!paid && (
          <TextField
            size="small"
            label="Promo code"
            value={coupon}
            onChange={(event) => setCoupon(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 64 } }}
          />
        )}
        <Link href={config.termsUrl} target="_blank" rel="noopener noreferrer">
          Terms and Conditions
        </Link>
      </Box>
      <ConfirmDialog
        open={change !== null}
        title={change ? changeTexts[change.mode].title : ''}
        buttons="yes-no"
        isBusy={changePlan.isPending}
        onConfirm={confirmChange}
        onClose={() => setChange(null)}
      >
        {change ? changeTexts[change.mode].body(change.plan.NAME) : ''}
      </ConfirmDialog>
    </Box>
  );
}
