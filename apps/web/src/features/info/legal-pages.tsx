import Typography from '@mui/material/Typography';
import { InfoPageLayout } from './info-page-layout.tsx';

/*
 * The operator of a deployment publishes its own terms and privacy policy; this build says so
 * plainly instead of showing legal text nobody agreed to.
 */

export function TermsOfUsePage() {
  return (
    <InfoPageLayout title="Terms of use">
      <Typography>
        This Outpilot deployment has not published terms of use yet. Ask its operator for the terms that apply
        to your account before you run campaigns.
      </Typography>
    </InfoPageLayout>
  );
}

export function PrivacyPolicyPage() {
  return (
    <InfoPageLayout title="Privacy policy">
      <Typography>
        This Outpilot deployment has not published a privacy policy yet. Outpilot stores your account, your
        settings, the contacts you import and what your campaigns did, in the operator&apos;s database; ask
        the operator how they process it.
      </Typography>
    </InfoPageLayout>
  );
}
