// A company's job alerts on its dashboard (issue 29): which trades and states it wants to hear about,
// and how it is e-mailed. New matching jobs then show under the header's bell and in its mail.
import { useEffect, useId, useState } from 'react';
import { useForm, type UseFormSetValue } from 'react-hook-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ALERT_LIMITS,
  ALERT_MESSAGES,
  NIGERIAN_STATES,
  SERVICE_CATALOGUE,
  type AlertEmailMode,
  type JobAlertPreferences,
} from '@marketplace/contracts';
import { ApiError, Button, errorText, notify, retryUnlessClientError } from '@marketplace/ui';
import { applyServerErrors, deferredRules, FormError, SubmitButton } from '@marketplace/ui/form';
import { fetchJobAlerts, jobAlertsKey, saveJobAlerts } from '../api/job-alerts';

export const ALERTS_LOAD_FAILED = 'Your job alerts could not be loaded.';
export const ALERTS_SAVE_FAILED = 'Your job alerts could not be saved.';

const rules = deferredRules<JobAlertPreferences>(
  async () =>
    (await import(/* webpackChunkName: "lazy-job-alert-checks" */ '../utils/job-alert-checks'))
      .JOB_ALERT_CHECKS,
);

const EMAIL_CHOICES: ReadonlyArray<{ value: AlertEmailMode; label: string; hint: string }> = [
  {
    value: 'instant',
    label: 'At once',
    hint: `One e-mail per new job, at most ${ALERT_LIMITS.instantMailsPerDay} a day.`,
  },
  {
    value: 'daily',
    label: 'Daily digest',
    hint: `One e-mail each morning at 7:00 with up to ${ALERT_LIMITS.digestMaxJobs} new jobs.`,
  },
  { value: 'none', label: 'No e-mails', hint: 'New jobs show only under the bell at the top of the page.' },
];

function toggled(list: readonly string[], name: string, on: boolean): string[] {
  return on ? [...new Set([...list, name])] : list.filter((item) => item !== name);
}

function summaryOf(values: JobAlertPreferences): string {
  const trades = values.categories.length + values.subcategories.length;
  if (trades === 0) return 'No alerts yet: choose at least one category or sub-category.';
  const where =
    values.states.length === 0
      ? 'anywhere in Nigeria'
      : `in ${values.states.length} ${values.states.length === 1 ? 'state' : 'states'}`;
  return `${trades} ${trades === 1 ? 'trade' : 'trades'} chosen, ${where}.`;
}

function TradeChoices({
  values,
  setValue,
  disabled,
}: {
  values: JobAlertPreferences;
  setValue: UseFormSetValue<JobAlertPreferences>;
  disabled: boolean;
}) {
  // The catalogue's names are plain strings here; the values hold the contracts' name types.
  const chosenCategories: readonly string[] = values.categories;
  const chosenSubcategories: readonly string[] = values.subcategories;
  const set = (field: 'categories' | 'subcategories', next: string[]) =>
    setValue(field, next as never, { shouldDirty: true, shouldValidate: true });
  return (
    <div className="job-alerts__trades">
      {SERVICE_CATALOGUE.map(({ categoryname, subcategory }) => {
        const whole = chosenCategories.includes(categoryname);
        const some = subcategory.filter((name) => chosenSubcategories.includes(name)).length;
        return (
          <details key={categoryname} className="job-alerts__trade">
            <summary>
              {categoryname}
              <span className="job-alerts__count">
                {whole ? 'all jobs' : some > 0 ? `${some} chosen` : ''}
              </span>
            </summary>
            <label className="choice job-alerts__all">
              <input
                type="checkbox"
                name="categories"
                value={categoryname}
                checked={whole}
                disabled={disabled}
                onChange={(event) =>
                  set('categories', toggled(values.categories, categoryname, event.target.checked))
                }
              />
              <span>Every {categoryname} job</span>
            </label>
            <div className="choice-list choice-list--grid">
              {subcategory.map((name) => (
                <label key={name} className="choice">
                  <input
                    type="checkbox"
                    name="subcategories"
                    value={name}
                    checked={whole || chosenSubcategories.includes(name)}
                    disabled={disabled || whole}
                    onChange={(event) =>
                      set('subcategories', toggled(values.subcategories, name, event.target.checked))
                    }
                  />
                  <span>{name}</span>
                </label>
              ))}
            </div>
          </details>
        );
      })}
    </div>
  );
}

function AlertsForm({ userId, saved }: { userId: string; saved: JobAlertPreferences }) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const [formError, setFormError] = useState<string | undefined>();
  const { handleSubmit, setValue, watch, reset, setError, formState, register } =
    useForm<JobAlertPreferences>({
      resolver: rules.resolver,
      defaultValues: saved,
    });
  const values = watch();
  const save = useMutation({
    mutationFn: saveJobAlerts,
    onSuccess: (preferences) => {
      queryClient.setQueryData(jobAlertsKey(userId), preferences);
      reset(preferences);
      notify('success', ALERT_MESSAGES.preferencesSaved);
    },
    onError: async (error) => {
      if (error instanceof ApiError && error.status === 400) {
        const checks = await rules.checks();
        const server = { message: error.serverMessage, details: error.details };
        setFormError(applyServerErrors(server, setError, checks, ALERTS_SAVE_FAILED));
      } else {
        setFormError(errorText(error, { fallback: ALERTS_SAVE_FAILED, server: true }));
      }
    },
  });
  const { errors } = formState;
  const busy = save.isPending;

  return (
    <form
      className="job-alerts__form"
      aria-labelledby={headingId}
      noValidate
      onFocus={rules.preload}
      onSubmit={handleSubmit((next) => {
        setFormError(undefined);
        save.mutate(next);
      })}
    >
      <h3 id={headingId} className="ui-visually-hidden">
        Job alert choices
      </h3>
      <FormError message={formError} />
      <fieldset className="job-alerts__group" aria-describedby={`${headingId}-trades`}>
        <legend className="form-field__label">Categories and sub-categories</legend>
        <p className="form-field__hint" id={`${headingId}-trades`}>
          {summaryOf(values)}
        </p>
        <TradeChoices values={values} setValue={setValue} disabled={busy} />
        <p className="form-field__error" aria-live="polite">
          {errors.categories?.message ?? errors.subcategories?.message}
        </p>
      </fieldset>

      <fieldset className="job-alerts__group">
        <legend className="form-field__label">States</legend>
        <details className="job-alerts__trade">
          <summary>
            {values.states.length === 0 ? 'All of Nigeria' : values.states.join(', ')}
            <span className="job-alerts__count">
              {values.states.length > 0 ? `${values.states.length} chosen` : ''}
            </span>
          </summary>
          <p className="form-field__hint">Choose none to hear about jobs in every state.</p>
          <div className="choice-list choice-list--grid">
            {NIGERIAN_STATES.map((state) => (
              <label key={state} className="choice">
                <input
                  type="checkbox"
                  name="states"
                  value={state}
                  checked={values.states.includes(state)}
                  disabled={busy}
                  onChange={(event) =>
                    setValue('states', toggled(values.states, state, event.target.checked) as never, {
                      shouldDirty: true,
                      shouldValidate: true,
                    })
                  }
                />
                <span>{state}</span>
              </label>
            ))}
          </div>
        </details>
        <p className="form-field__error" aria-live="polite">
          {errors.states?.message}
        </p>
      </fieldset>

      <fieldset className="job-alerts__group">
        <legend className="form-field__label">E-mail me about new jobs</legend>
        <div className="job-alerts__emails">
          {EMAIL_CHOICES.map((choice) => (
            <label key={choice.value} className="choice job-alerts__email">
              <input type="radio" value={choice.value} disabled={busy} {...register('email')} />
              <span>
                <strong>{choice.label}</strong>
                <span className="job-alerts__hint">{choice.hint}</span>
              </span>
            </label>
          ))}
        </div>
        <p className="form-field__error" aria-live="polite">
          {errors.email?.message}
        </p>
      </fieldset>
      <div className="job-alerts__actions">
        <SubmitButton busy={busy} busyLabel="Saving…">
          Save job alerts
        </SubmitButton>
      </div>
    </form>
  );
}

/** The `#job-alerts` section of a company's dashboard. */
export function JobAlertsSection({ userId }: { userId: string }) {
  const alerts = useQuery({
    queryKey: jobAlertsKey(userId),
    queryFn: ({ signal }) => fetchJobAlerts(signal),
    retry: retryUnlessClientError,
  });
  // Opened from the bell's "Choose your job alerts" link: bring the section into view once it is drawn.
  const ready = alerts.isSuccess;
  useEffect(() => {
    if (ready && window.location.hash === '#job-alerts') {
      document.getElementById('job-alerts')?.scrollIntoView?.({ block: 'start' });
    }
  }, [ready]);
  return (
    <section id="job-alerts" className="dash-card job-alerts" aria-labelledby="job-alerts-title">
      <header className="dash-card__head">
        <h2 id="job-alerts-title" className="dash-card__title">
          Job alerts
        </h2>
        <p className="dash-card__hint">
          New jobs in your trades, under the bell at the top of the page and by e-mail.
        </p>
      </header>
      {alerts.isPending ? (
        <p role="status">Loading your job alerts…</p>
      ) : alerts.isError ? (
        <div role="alert" className="job-alerts__error">
          <p>{errorText(alerts.error, { fallback: ALERTS_LOAD_FAILED })}</p>
          <Button variant="secondary" onClick={() => void alerts.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <AlertsForm userId={userId} saved={alerts.data} />
      )}
    </section>
  );
}
