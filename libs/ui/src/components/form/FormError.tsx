import { useEffect, useRef } from 'react';

/** The form-level error summary at the top of a form (role=alert), focused when it appears. */
export function FormError({ message }: { message: string | undefined }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) box.current?.focus();
  }, [message]);
  if (!message) return null;
  return (
    <div className="form-error-summary" role="alert" tabIndex={-1} ref={box}>
      {message}
    </div>
  );
}
