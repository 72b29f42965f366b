interface SkeletonProps {
  lines?: number;
  className?: string;
  label?: string;
}

/** Grey shimmering bars standing in for content that is loading or not built yet. */
export function Skeleton({ lines = 3, className, label = 'Loading' }: SkeletonProps) {
  return (
    <div className={['ui-skeleton', className].filter(Boolean).join(' ')} role="status" aria-label={label}>
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} className="ui-skeleton__line" style={{ width: `${92 - ((i * 17) % 40)}%` }} />
      ))}
    </div>
  );
}
