// Small line icons of the chat screens (decorative: each sits beside text, or inside a button whose
// name says the same).
import type { ReactNode } from 'react';

function Icon({ children, size = 18 }: { children: ReactNode; size?: number }) {
  return (
    <svg
      className="chat-icon"
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

export const SendIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M21 3 10.5 13.5M21 3l-6.5 18-4-7.5L3 9.5 21 3z" />
  </Icon>
);

export const InboxIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M3.5 13.5 6 5.5A2 2 0 0 1 7.9 4h8.2A2 2 0 0 1 18 5.5l2.5 8" />
    <path d="M3.5 13.5V18a2 2 0 0 0 2 2h13a2 2 0 0 0 2-2v-4.5h-5l-1.5 2.5h-4L8.5 13.5z" />
  </Icon>
);

export const InfoIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 11v5.5M12 7.6v.1" />
  </Icon>
);

export const CloseIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M6 6l12 12M18 6 6 18" />
  </Icon>
);

export const TrashIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M4.5 7h15M9.5 7V4.5h5V7M6.5 7l1 13h9l1-13M10 11v5.5M14 11v5.5" />
  </Icon>
);

export const PhoneIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M7.2 3.5h-2A1.7 1.7 0 0 0 3.5 5.3C3.9 13.4 10.6 20.1 18.7 20.5a1.7 1.7 0 0 0 1.8-1.7v-2l-3.8-1.6-1.9 1.9a12 12 0 0 1-5.9-5.9l1.9-1.9z" />
  </Icon>
);

export const MailIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <rect x="3" y="5" width="18" height="14" rx="2.5" />
    <path d="m4 7 8 6 8-6" />
  </Icon>
);

export const PinIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M12 21s-7-6.1-7-11.5A7 7 0 0 1 19 9.5C19 14.9 12 21 12 21z" />
    <circle cx="12" cy="9.5" r="2.5" />
  </Icon>
);

export const CalendarIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <rect x="3.5" y="5" width="17" height="15.5" rx="2.5" />
    <path d="M3.5 10h17M8 3v4M16 3v4" />
  </Icon>
);

export const TagIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M3.5 12.2V4.5a1 1 0 0 1 1-1h7.7l8.3 8.3a1.4 1.4 0 0 1 0 2l-6.2 6.2a1.4 1.4 0 0 1-2 0z" />
    <circle cx="8" cy="8" r="1.3" />
  </Icon>
);

export const LockIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <rect x="4.5" y="10.5" width="15" height="10" rx="2.2" />
    <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
  </Icon>
);

export const ChatBubblesIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M4 5.5A2.5 2.5 0 0 1 6.5 3h9A2.5 2.5 0 0 1 18 5.5v6a2.5 2.5 0 0 1-2.5 2.5H10l-4 3.5V14h0a2.5 2.5 0 0 1-2-2.5z" />
    <path d="M20 9v6.5a2.5 2.5 0 0 1-2 2.5v3l-3.5-3H11" />
  </Icon>
);

export const ReplyIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M9.5 7 4.5 12l5 5" />
    <path d="M4.5 12H14a6 6 0 0 1 6 6v1" />
  </Icon>
);

/** One tick: stored on the server. */
export const SentIcon = () => (
  <Icon size={16}>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </Icon>
);

/** Two ticks: the other member read it. */
export const ReadIcon = () => (
  <Icon size={16}>
    <path d="m2.5 12.5 4.5 4.5 9.5-9.5M11.5 16.2l.8.8 9.5-9.5" />
  </Icon>
);

export const ClockIcon = () => (
  <Icon size={14}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 7.5V12l3 2" />
  </Icon>
);

export const AlertIcon = () => (
  <Icon size={16}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 7.5v5.5M12 16.3v.1" />
  </Icon>
);

/** The picture shown when a job has no photo (or it fails to load). */
export const JobIllustration = () => (
  <svg
    viewBox="0 0 160 90"
    width="160"
    height="90"
    aria-hidden="true"
    focusable="false"
    className="chat-job__art"
  >
    <rect width="160" height="90" fill="var(--c-primary-50)" />
    <path
      d="M48 62V40l32-20 32 20v22z"
      fill="var(--c-surface)"
      stroke="var(--c-primary)"
      strokeWidth="3"
      strokeLinejoin="round"
    />
    <rect
      x="72"
      y="46"
      width="16"
      height="16"
      fill="var(--c-primary-100)"
      stroke="var(--c-primary)"
      strokeWidth="3"
    />
    <path d="M30 62h100" stroke="var(--c-primary)" strokeWidth="3" strokeLinecap="round" />
  </svg>
);
