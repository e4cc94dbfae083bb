import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type PurchasablePlanId, planCatalogue, type TeamMember, teamMessages } from '@outpilot/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { useNotify } from '../notices/use-notify.tsx';
import { displayNameOf, offeredPlans } from './member-subscription-rules.ts';
import { useActivateMemberSubscription, useUpgradeMemberSubscription } from './team-queries.ts';

/** §8: an Activate/Upgrade failure shows in a banner for about 10 seconds. */
const failureBannerMs = 10_000;

type MemberSubscriptionDialogProps = {
  member: TeamMember | null;
  mode: 'activate' | 'upgrade';
  onClose: () => void;
};

/**
 * The member subscription modal (seed 000 §2): the plans (without the member's active one), a
 * promo code only when activating, the upgrade note, and Activate/Upgrade disabled until a plan
 * is chosen. Activating goes on to the provider's checkout, paid by the user.
 */
export function MemberSubscriptionDialog({ member, mode, onClose }: MemberSubscriptionDialogProps) {
  const [plan, setPlan] = useState<PurchasablePlanId | null>(null);
  const [coupon, setCoupon] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const activate = useActivateMemberSubscription();
  const upgrade = useUpgradeMemberSubscription();
  const { notify } = useNotify();
  const busy = activate.isPending || upgrade.isPending;

  useEffect(() => {
    if (failure === null) return;
    const timer = window.setTimeout(() => setFailure(null), failureBannerMs);
    return () => window.clearTimeout(timer);
  }, [failure]);

  const close = () => {
    setPlan(null);
    setCoupon('');
    setFailure(null);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!member || !plan) return;
    const onError = (error: Error) => setFailure(error.message);
    if (mode === 'activate') {
      const code = coupon.trim();
      activate.mutate(
        { id: member.id, request: { plan_id: plan, ...(code ? { coupon: code } : {}) } },
        { onError },
      );
    } else
      upgrade.mutate(
        { id: member.id, request: { plan_id: plan } },
        {
          onSuccess: ({ message }) => {
            notify({ message, variant: 'default' });
            close();
          },
          onError,
        },
      );
  };

  const title = mode === 'activate' ? 'Activate subscription' : 'Upgrade subscription';
  return (
    <Dialog
      open={member !== null}
      onClose={close}
      fullWidth
      maxWidth="xs"
      aria-labelledby="member-plan-title"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="member-plan-title">{title}</DialogTitle>
        <DialogContent>
          {member && <Typography sx={{ mb: 2 }}>{`${displayNameOf(member)} (${member.email})`}</Typography>}
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          )}
          <FormControl>
            <FormLabel id="member-plan-label">Plan</FormLabel>
            <RadioGroup
              aria-labelledby="member-plan-label"
              value={plan ?? ''}
              onChange={(event) => setPlan(event.target.value as PurchasablePlanId)}
            >
              {member &&
                offeredPlans(member).map((id) => (
                  <FormControlLabel
                    key={id}
                    value={id}
                    control={<Radio />}
                    label={`${planCatalogue[id].NAME} — ${planCatalogue[id].PRICE}$ per month`}
                  />
                ))}
            </RadioGroup>
          </FormControl>
          {mode === 'activate' && (
            <TextField
              fullWidth
              label="Promo code"
              value={coupon}
              onChange={(event) => setCoupon(event.target.value)}
              slotProps={{ htmlInput: { maxLength: 64 } }}
              sx={{ mt: 2 }}
            />
          )}
          {mode === 'upgrade' && plan && (
            <Typography sx={{ mt: 2 }}>{teamMessages.upgradeNote(planCatalogue[plan].NAME)}</Typography>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={plan === null} loading={busy}>
            {mode === 'activate' ? 'Activate' : 'Upgrade'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
