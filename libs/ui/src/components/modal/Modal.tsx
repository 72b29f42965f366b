import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { tabbable } from 'tabbable';
import { useFocusTrap } from '../../focus-trap';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** Where focus goes when the dialog closes (default: the control that opened it). */
  returnFocus?: () => HTMLElement | null | undefined;
  /** A wider panel on large screens, for things compared side by side (a job's offers). */
  wide?: boolean;
}

/** Accessible modal dialog: focus moves in and back, Tab stays inside, Escape and the backdrop close it. */
export function Modal({ title, onClose, children, footer, returnFocus, wide = false }: ModalProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useFocusTrap(true, {
    containers: [panel],
    // The first control of the body (the form's first field), else the panel itself.
    initialFocus: () => {
      const body = panel.current?.querySelector<HTMLElement>('.form-modal__body');
      return (body && tabbable(body)[0]) ?? panel.current;
    },
    onEscape: () => closeRef.current(),
    ...(returnFocus ? { returnFocus } : {}),
  });

  // A body with nothing to focus in it (a job's details) can still be longer than a phone's screen: it
  // takes a tab stop itself then, so the keyboard can scroll it (axe's scrollable-region-focusable).
  // Bodies with a control keep their tab order as it is.
  const body = useRef<HTMLDivElement>(null);
  const [bodyTakesFocus, setBodyTakesFocus] = useState(false);
  useEffect(() => {
    const element = body.current;
    if (!element) return;
    const update = () => setBodyTakesFocus(tabbable(element, { displayCheck: 'none' }).length === 0);
    update();
    const observer = new MutationObserver(update);
    observer.observe(element, { childList: true, subtree: true, attributes: true });
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, []);

  return createPortal(
    <div className="form-modal">
      <div className="form-modal__backdrop" onClick={() => closeRef.current()} aria-hidden="true" />
      <div
        className={wide ? 'form-modal__panel form-modal__panel--wide' : 'form-modal__panel'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        ref={panel}
        tabIndex={-1}
      >
        <div className="form-modal__head">
          <h2 className="form-modal__title" id={titleId}>
            {title}
          </h2>
          <button
            type="button"
            className="form-modal__close"
            onClick={() => closeRef.current()}
            aria-label="Close"
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <div className="form-modal__body" ref={body} tabIndex={bodyTakesFocus ? 0 : undefined}>
          {children}
        </div>
        {footer && <div className="form-modal__foot">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
