import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type Ref } from 'react';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import { JOB_LIMITS, lagosToday, MESSAGES } from '@marketplace/contracts';
import { formatDay } from '../../../shared/dates';

/** The calendar works in the reader's local dates; the form keeps the day as YYYY-MM-DD. */
export function dayToDate(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date);
}

const dayLabel = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'long', year: 'numeric' });
const weekdayLabel = new Intl.DateTimeFormat('en-NG', { weekday: 'long' });

/** '3 December 2026, Thursday': the day's number first, as the button shows it (a name a speaker can say). */
function labelDayButton(date: Date, modifiers: { today?: boolean; selected?: boolean }): string {
  const parts = [`${dayLabel.format(date)}, ${weekdayLabel.format(date)}`];
  if (modifiers.today) parts.push('today');
  if (modifiers.selected) parts.push('selected');
  return parts.join(', ');
}

export function dateToDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

interface StartDateFieldProps {
  value: string;
  onChange: (day: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  disabled?: boolean;
  /** The control react-hook-form focuses when the field is invalid. */
  buttonRef?: Ref<HTMLButtonElement>;
}

/**
 * Spec "Post Job": 'When do you want the job to start?', past days disabled, today by default. Today is
 * Lagos's today (the rule the service checks); at most JOB_LIMITS.startDateMaxDaysAhead days ahead.
 * A button shows the chosen day and opens the calendar below it; choosing a day or Escape closes it.
 */
export function StartDateField({ value, onChange, onBlur, error, disabled, buttonRef }: StartDateFieldProps) {
  const labelId = useId();
  const buttonId = useId();
  const calendarId = useId();
  const errorId = useId();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement | null>(null);
  const today = dayToDate(lagosToday());
  const last = new Date(today);
  last.setDate(last.getDate() + JOB_LIMITS.startDateMaxDaysAhead);
  const selected = /^\d{4}-\d{2}-\d{2}$/.test(value) ? dayToDate(value) : undefined;

  const field = useRef<HTMLDivElement>(null);
  // A click or a tap anywhere else closes the calendar (focus stays where the person put it).
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!field.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);
  const onFieldBlur = (event: FocusEvent<HTMLDivElement>) => {
    // Tabbing out of the field closes the calendar too.
    if (open && event.relatedTarget && !field.current?.contains(event.relatedTarget as Node)) setOpen(false);
  };

  const close = () => {
    setOpen(false);
    button.current?.focus();
    onBlur?.();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    close();
  };

  return (
    <div
      ref={field}
      className={['form-field', 'start-date', error && 'has-error'].filter(Boolean).join(' ')}
      onBlur={onFieldBlur}
    >
      <span className="form-field__label" id={labelId}>
        {MESSAGES.whenDoYouWantTheJobToStart}
      </span>
      <button
        type="button"
        id={buttonId}
        ref={(node) => {
          button.current = node;
          if (typeof buttonRef === 'function') buttonRef(node);
          else if (buttonRef) buttonRef.current = node;
        }}
        className="form-input start-date__button"
        aria-labelledby={`${labelId} ${buttonId}`}
        aria-expanded={open}
        aria-controls={open ? calendarId : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        disabled={disabled}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <rect
            x="3.5"
            y="5"
            width="17"
            height="15"
            rx="2.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
          />
          <path d="M3.5 10h17M8 3v4M16 3v4" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
        <span>{selected ? formatDay(value) : 'Choose a day'}</span>
      </button>
      {open && (
        <div className="start-date__calendar" id={calendarId} onKeyDown={onKeyDown}>
          <DayPicker
            mode="single"
            required
            autoFocus
            aria-labelledby={labelId}
            selected={selected}
            onSelect={(date) => {
              onChange(dateToDay(date));
              close();
            }}
            today={today}
            defaultMonth={selected && selected >= today ? selected : today}
            startMonth={today}
            endMonth={last}
            disabled={[{ before: today }, { after: last }]}
            weekStartsOn={1}
            labels={{ labelDayButton }}
          />
        </div>
      )}
      <p className="form-field__error" id={errorId} aria-live="polite">
        {error}
      </p>
    </div>
  );
}
