import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '@marketplace/ui/router';
import { API_PATHS } from '@marketplace/contracts';
import { apiFetch, Button, endSession, notify, readApiBody } from '@marketplace/ui';
import { Modal, PasswordField, Spinner } from '@marketplace/ui/form';

export const EXPORT_URL = API_PATHS.exportMe;
export const DELETE_ACCOUNT_URL = API_PATHS.me;

function fileNameFrom(response: Response): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  return match?.[1] ? decodeURIComponent(match[1]) : 'naija-marketplace-my-data.json';
}

/** Privacy: download a copy of the account's data, or delete the account (with a confirmation). */
export function YourData() {
  const navigate = useNavigate();
  const [downloading, setDownloading] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [deleting, setDeleting] = useState(false);
  // Set once the account is deleted: the session ends when this page is gone (see deleteAccount).
  const endSessionOnLeave = useRef(false);
  useEffect(
    () => () => {
      if (endSessionOnLeave.current) endSession();
    },
    [],
  );

  const download = async () => {
    setDownloading(true);
    try {
      const response = await apiFetch(EXPORT_URL);
      if (!response.ok) {
        notify('error', (await readApiBody(response)).message ?? `Download failed (${response.status})`);
        return;
      }
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = fileNameFrom(response);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch {
      // No network response: the API client has shown the toast.
    } finally {
      setDownloading(false);
    }
  };

  const closeDialog = () => {
    if (deleting) return;
    setConfirming(false);
    setPassword('');
  };

  const deleteAccount = async () => {
    setDeleting(true);
    try {
      const response = await apiFetch(DELETE_ACCOUNT_URL, { method: 'DELETE', json: { password } });
      if (response.ok) {
        notify('success', 'Your account has been deleted.');
        // Leave the signed-in area first and end the session as it goes: ended while the signed-in layout
        // is still shown, the session would send the reader to /login instead of home.
        endSessionOnLeave.current = true;
        await navigate('/', { replace: true });
        return;
      }
      notify('error', (await readApiBody(response)).message ?? `Deletion failed (${response.status})`);
    } catch {
      // No network response: the API client has shown the toast.
    }
    setDeleting(false);
  };

  return (
    <section className="profile-card profile-data" aria-labelledby="your-data-title">
      <h2 className="profile-data__title" id="your-data-title">
        Your data
      </h2>
      <div className="profile-data__rows">
        <div className="profile-data__row">
          <div>
            <h3>Download your data</h3>
            <p>A copy of the personal data we hold about you, as a file.</p>
          </div>
          <Button
            variant="secondary"
            onClick={download}
            disabled={downloading}
            aria-busy={downloading || undefined}
          >
            {downloading && <Spinner />}
            Download my data
          </Button>
        </div>
        <div className="profile-data__row">
          <div>
            <h3>Delete your account</h3>
            <p>Your account and personal data are removed for good. This cannot be undone.</p>
          </div>
          <Button variant="secondary" className="ui-btn--danger" onClick={() => setConfirming(true)}>
            Delete account
          </Button>
        </div>
      </div>
      {confirming && (
        <Modal
          title="Delete your account?"
          onClose={closeDialog}
          footer={
            <>
              <Button variant="secondary" onClick={closeDialog} disabled={deleting}>
                Cancel
              </Button>
              <Button
                className="ui-btn--danger-solid"
                onClick={deleteAccount}
                disabled={password === '' || deleting}
                aria-busy={deleting || undefined}
              >
                {deleting && <Spinner />}
                Delete my account
              </Button>
            </>
          }
        >
          <p>
            Your account and personal data will be removed for good and you will be signed out. Enter your
            password to confirm.
          </p>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (password !== '' && !deleting) void deleteAccount();
            }}
          >
            <PasswordField
              label="Password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </form>
        </Modal>
      )}
    </section>
  );
}
