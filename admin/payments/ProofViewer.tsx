// A payment proof, large: zoom (fit, then up to 400 %), rotate by quarter turns, open full size; the earlier
// proofs of the same booking below it, newest first. The image is fetched with the staff token (an <img src>
// cannot send it) and shown through an object URL.
import FitIcon from '@mui/icons-material/FitScreen';
import OpenIcon from '@mui/icons-material/OpenInNew';
import RotateIcon from '@mui/icons-material/RotateRight';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type ReactElement, useEffect, useRef, useState } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import { useUploadUrl } from '../data/useUploadUrl.ts';
import { formatTimestamp } from '../i18n/format.ts';
import type { Proof } from './paymentsApi.ts';
import { fittedSize } from './proofGeometry.ts';
import { scrollsSideways } from './styles.ts';

const ZOOMS = [1, 1.5, 2, 3, 4];

/** The size of an element, kept up to date (a fixed guess where ResizeObserver is missing, as in tests). */
function useBoxSize() {
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 600, height: 600 });
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) =>
      setSize({ width: entry.contentRect.width, height: entry.contentRect.height }),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, size };
}

function Tool({
  label,
  onClick,
  disabled,
  icon,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  icon: ReactElement;
}) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton aria-label={label} onClick={onClick} disabled={disabled} size="small">
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

function LargeProof({ proof, alt }: { proof: Proof; alt: string }) {
  const translate = useTranslate();
  const { url, isError } = useUploadUrl(proof.url);
  const { ref, size } = useBoxSize();
  const [zoom, setZoom] = useState(0);
  const [turns, setTurns] = useState(0);
  const [natural, setNatural] = useState<{ width: number; height: number }>();
  const fitted = natural && fittedSize(natural, size, turns, ZOOMS[zoom]);

  return (
    <Box>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
        <Tool
          label={translate('rihla.payments.proof.zoom_out')}
          icon={<ZoomOutIcon />}
          disabled={zoom === 0}
          onClick={() => setZoom(zoom - 1)}
        />
        <Typography variant="body2" sx={{ minWidth: '3.5em', textAlign: 'center' }} aria-live="polite">
          <bdi>{translate('rihla.payments.proof.zoom', { percent: ZOOMS[zoom] * 100 })}</bdi>
        </Typography>
        <Tool
          label={translate('rihla.payments.proof.zoom_in')}
          icon={<ZoomInIcon />}
          disabled={zoom === ZOOMS.length - 1}
          onClick={() => setZoom(zoom + 1)}
        />
        <Tool
          label={translate('rihla.payments.proof.rotate')}
          icon={<RotateIcon />}
          onClick={() => setTurns((turns + 1) % 4)}
        />
        <Tool
          label={translate('rihla.payments.proof.fit')}
          icon={<FitIcon />}
          disabled={zoom === 0 && turns === 0}
          onClick={() => {
            setZoom(0);
            setTurns(0);
          }}
        />
        {url && (
          <Tool
            label={translate('rihla.payments.proof.open')}
            icon={<OpenIcon />}
            onClick={() => window.open(url, '_blank', 'noopener')}
          />
        )}
      </Stack>
      <Box
        ref={ref}
        // Scrolls when zoomed; `margin: auto` on the child centres it without cutting off its top or start.
        sx={{
          display: 'flex',
          overflow: 'auto',
          height: { xs: '55vh', md: 'calc(100vh - 260px)' },
          minHeight: 320,
          bgcolor: 'grey.900',
          borderRadius: 1,
        }}
        data-testid="proof-viewport"
      >
        {isError ? (
          <Alert severity="warning" sx={{ m: 'auto' }}>
            {translate('rihla.payments.proof.error')}
          </Alert>
        ) : !url ? (
          <CircularProgress
            sx={{ m: 'auto', color: 'grey.300' }}
            aria-label={translate('rihla.payments.proof.loading')}
          />
        ) : (
          // The box the turned image takes; the image, at its unturned size, is centred in it (grid centring
          // overflows evenly on both sides, and has no left/right for the right-to-left styles to flip).
          <Box
            sx={{
              m: 'auto',
              flex: 'none',
              display: 'grid',
              gridTemplate: '100% / 100%',
              placeItems: 'center',
              width: fitted?.box.width,
              height: fitted?.box.height,
            }}
          >
            <Box
              component="img"
              src={url}
              alt={alt}
              data-testid="payment-proof"
              data-zoom={ZOOMS[zoom]}
              data-turns={turns}
              onLoad={(event: React.SyntheticEvent<HTMLImageElement>) =>
                setNatural({
                  width: event.currentTarget.naturalWidth,
                  height: event.currentTarget.naturalHeight,
                })
              }
              sx={{
                width: fitted?.image.width,
                height: fitted?.image.height,
                maxWidth: 'none',
                transform: `rotate(${turns * 90}deg)`,
                bgcolor: 'common.white',
              }}
            />
          </Box>
        )}
      </Box>
    </Box>
  );
}

function Thumbnail({
  proof,
  selected,
  label,
  onSelect,
}: {
  proof: Proof;
  selected: boolean;
  label: string;
  onSelect: () => void;
}) {
  const { url } = useUploadUrl(proof.url);
  return (
    <Box
      component="button"
      type="button"
      onClick={onSelect}
      aria-pressed={selected}
      aria-label={label}
      title={label}
      sx={{
        p: 0.5,
        border: 2,
        borderColor: selected ? 'primary.main' : 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
        cursor: 'pointer',
        width: 88,
        flex: 'none',
      }}
    >
      <Box sx={{ height: 72, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        {url ? (
          <Box component="img" src={url} alt="" sx={{ maxWidth: '100%', maxHeight: 72 }} />
        ) : (
          <CircularProgress size={18} />
        )}
      </Box>
      <Typography variant="caption" component="span" sx={{ display: 'block', lineHeight: 1.2 }}>
        {label}
      </Typography>
    </Box>
  );
}

export function ProofViewer({ proofs, ticketId }: { proofs: Proof[]; ticketId: string }) {
  const translate = useTranslate();
  const locale = useLocale();
  const [shown, setShown] = useState(0);
  useEffect(() => setShown(0), [proofs]);
  if (!proofs.length) return <Alert severity="info">{translate('rihla.payments.proof.none')}</Alert>;
  const proof = proofs[Math.min(shown, proofs.length - 1)];
  const sent = (p: Proof) => formatTimestamp(p.created_at, locale);
  return (
    <Box>
      <LargeProof
        key={proof.url}
        proof={proof}
        alt={translate('rihla.payments.proof.alt', { id: ticketId, date: sent(proof) })}
      />
      {proofs.length > 1 && (
        <Box sx={{ mt: 1.5 }}>
          <Typography variant="subtitle2" component="h3" gutterBottom>
            {translate('rihla.payments.proof.earlier')}
          </Typography>
          <Stack
            direction="row"
            spacing={1}
            sx={{ ...scrollsSideways, pb: 0.5 }}
            data-testid="proof-thumbnails"
          >
            {proofs.map((p, index) => (
              <Thumbnail
                key={p.url}
                proof={p}
                selected={index === shown}
                onSelect={() => setShown(index)}
                label={index === 0 ? translate('rihla.payments.proof.latest') : sent(p)}
              />
            ))}
          </Stack>
        </Box>
      )}
    </Box>
  );
}
