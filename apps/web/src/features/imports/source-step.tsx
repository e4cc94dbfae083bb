import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  type AppProfile,
  type ImportSourceType,
  importSourceCards,
  importTexts,
  type NetworkProfile,
} from '@outpilot/contracts';
import { Link as RouterLink } from 'react-router';
import { findSourceBlock, importSourceOrder } from './source-availability.ts';

type SourceStepProps = {
  profile: AppProfile;
  networkProfile: NetworkProfile | null;
  chosen: ImportSourceType | null;
  onChoose: (source: ImportSourceType) => void;
};

/** Step 1: 'How do you want to import contacts?' with the seven source cards (§2.4). */
export function SourceStep({ profile, networkProfile, chosen, onChoose }: SourceStepProps) {
  return (
    <>
      <Typography variant="h6" component="h3" sx={{ mb: 2 }}>
        {importTexts.chooseSource}
      </Typography>
      <Box
        role="radiogroup"
        aria-label="Import source"
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: 1.5 }}
      >
        {importSourceOrder.map((source) => {
          const card = importSourceCards[source];
          const block = findSourceBlock(card, profile, networkProfile);
          const isChosen = chosen === source;
          const tile = (
            <Paper
              variant="outlined"
              sx={{
                height: '100%',
                borderColor: isChosen ? 'primary.main' : undefined,
                borderWidth: isChosen ? 2 : 1,
                opacity: block ? 0.6 : 1,
              }}
            >
              <ButtonBase
                role="radio"
                aria-checked={isChosen}
                aria-disabled={block !== null}
                disabled={block !== null}
                onClick={() => onChoose(source)}
                sx={{
                  width: '100%',
                  height: '100%',
                  minHeight: 88,
                  p: 2,
                  justifyContent: 'flex-start',
                  textAlign: 'left',
                }}
              >
                <Typography variant="subtitle2">{card.title}</Typography>
              </ButtonBase>
            </Paper>
          );
          return (
            <Box key={source} sx={{ position: 'relative' }}>
              {block?.kind === 'notSignedIn' ? (
                <Tooltip title={block.tooltip}>
                  <span>{tile}</span>
                </Tooltip>
              ) : (
                tile
              )}
              {block?.kind === 'comingSoon' && (
                <Chip label="Coming soon" size="small" sx={{ position: 'absolute', right: 8, bottom: 8 }} />
              )}
              {block?.kind === 'needsPro' && (
                <Link
                  component={RouterLink}
                  to="/upgrade"
                  variant="body2"
                  sx={{ position: 'absolute', left: 16, bottom: 8 }}
                >
                  {importTexts.upgradeToPro}
                </Link>
              )}
            </Box>
          );
        })}
      </Box>
    </>
  );
}
