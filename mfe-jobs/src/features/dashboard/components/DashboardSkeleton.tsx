/** Grey bars in the dashboard's shape: the two counters and the table rows (or the rows only). */
export function DashboardSkeleton({ rowsOnly = false }: { rowsOnly?: boolean }) {
  const rows = (
    <div className="dash-skeleton__rows">
      {Array.from({ length: 5 }, (_, row) => (
        <div key={row} className="dash-skeleton__row">
          {[40, 18, 14, 16].map((width, col) => (
            <span key={col} className="ui-skeleton__line" style={{ width: `${width}%` }} />
          ))}
        </div>
      ))}
    </div>
  );
  return (
    <div className="dash-skeleton" role="status" aria-label="Loading your jobs">
      {!rowsOnly && (
        <div className="dash-skeleton__stats">
          <span className="dash-skeleton__stat" />
          <span className="dash-skeleton__stat" />
        </div>
      )}
      {rowsOnly ? rows : <div className="dash-card">{rows}</div>}
    </div>
  );
}
