// "Download manifest": the trip's checkpoint passenger list as a file (PDF to print, CSV, Excel), fetched with
// the staff token and saved under the name the server gives it. For the roles that may read a trip's
// passengers.
import DownloadIcon from '@mui/icons-material/Download';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { Button, useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { useCan } from '../auth/useCan.ts';
import type { ManifestFormat, RihlaDataProvider } from '../data/dataProvider.ts';
import { saveFile } from './ticketDownload.ts';

const FORMATS: ManifestFormat[] = ['pdf', 'csv', 'xlsx'];

export function ManifestButton() {
  const trip = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<RihlaDataProvider>();
  const allowed = useCan('trips.passengers');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  if (!trip || !allowed) return null;

  async function download(format: ManifestFormat) {
    setAnchor(null);
    setBusy(true);
    try {
      const { blob, fileName } = await dataProvider.manifest(String(trip!.id), format);
      saveFile(blob, fileName);
    } catch {
      notify('rihla.trips.manifest_failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button
        label="rihla.trips.manifest"
        onClick={(event) => setAnchor(event.currentTarget)}
        disabled={busy}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        data-testid="manifest-button"
      >
        <DownloadIcon />
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {FORMATS.map((format) => (
          <MenuItem key={format} onClick={() => void download(format)} data-format={format}>
            {translate(`rihla.trips.manifest_formats.${format}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
