// Small line icons of the job cards and modal (decorative: each sits beside text that says the same).
import type { ReactNode } from 'react';

function Icon({ children, size = 16 }: { children: ReactNode; size?: number }) {
  return (
    <svg
      className="jobs-icon"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const PinIcon = () => (
  <Icon>
    <path d="M12 21s-7-6.1-7-11.5A7 7 0 0 1 19 9.5C19 14.9 12 21 12 21z" />
    <circle cx="12" cy="9.5" r="2.5" />
  </Icon>
);

export const CalendarIcon = () => (
  <Icon>
    <rect x="3.5" y="5" width="17" height="15.5" rx="2.5" />
    <path d="M3.5 10h17M8 3v4M16 3v4" />
  </Icon>
);

export const UnlockedIcon = () => (
  <Icon>
    <rect x="4.5" y="10.5" width="15" height="10" rx="2.2" />
    <path d="M8 10.5V7.5a4 4 0 0 1 7.6-1.7" />
  </Icon>
);

export const LockIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <rect x="4.5" y="10.5" width="15" height="10" rx="2.2" />
    <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
  </Icon>
);

export const MailIcon = () => (
  <Icon>
    <rect x="3" y="5" width="18" height="14" rx="2.5" />
    <path d="m4 7 8 6 8-6" />
  </Icon>
);

export const PhoneIcon = () => (
  <Icon>
    <path d="M5 4h3.5l1.5 4.5-2 1.5a11 11 0 0 0 6 6l1.5-2 4.5 1.5V19a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z" />
  </Icon>
);

export const HomeIcon = () => (
  <Icon>
    <path d="M4 11 12 4l8 7M6 9.5V20h12V9.5" />
  </Icon>
);

export const TagIcon = () => (
  <Icon>
    <path d="M3.5 12.5V4.5h8l9 9-8 8z" />
    <circle cx="8" cy="9" r="1.4" />
  </Icon>
);

export const ShieldIcon = () => (
  <Icon>
    <path d="M12 3 5 6v5.5c0 4.3 3 8 7 9.5 4-1.5 7-5.2 7-9.5V6z" />
    <path d="m9 12 2 2 4-4" />
  </Icon>
);

export const PaperclipIcon = () => (
  <Icon size={20}>
    <path d="m20 11.5-8 8a5 5 0 0 1-7-7l8.5-8.5a3.3 3.3 0 0 1 4.7 4.7L9.7 17.2a1.7 1.7 0 0 1-2.4-2.4L15 7" />
  </Icon>
);

export const SendIcon = () => (
  <Icon size={20}>
    <path d="M21 3 10 14M21 3l-7 18-4-7-7-4z" />
  </Icon>
);

/** The card's picture when a job has no photo (or it fails to load): a house and a toolbox. */
export function JobIllustration() {
  return (
    <svg className="job-illustration" viewBox="0 0 320 180" aria-hidden="true" focusable="false">
      <rect className="job-illustration__sky" width="320" height="180" />
      <circle className="job-illustration__sun" cx="262" cy="42" r="20" />
      <path className="job-illustration__ground" d="M0 150h320v30H0z" />
      <path className="job-illustration__wall" d="M92 150V96l52-40 52 40v54z" />
      <path className="job-illustration__roof" d="M82 102 144 54l62 48" />
      <rect className="job-illustration__door" x="130" y="112" width="28" height="38" rx="3" />
      <rect className="job-illustration__window" x="104" y="104" width="18" height="16" rx="2" />
      <rect className="job-illustration__window" x="166" y="104" width="18" height="16" rx="2" />
      <rect className="job-illustration__box" x="212" y="124" width="56" height="26" rx="4" />
      <path
        className="job-illustration__handle"
        d="M228 124v-6a4 4 0 0 1 4-4h16a4 4 0 0 1 4 4v6M212 135h56"
      />
    </svg>
  );
}
