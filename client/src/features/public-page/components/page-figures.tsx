// The public page's last 90 days at a glance: four totals and a small bar chart of daily views.
import { useMarketingFigures } from "../api/publication";

const CHART_WIDTH = 270;
const CHART_HEIGHT = 48;

export function PageFigures({ listingId }: { listingId: string }) {
  const figures = useMarketingFigures(listingId);
  const data = figures.data;
  if (!data) return null;
  const most = Math.max(1, ...data.days.map((d) => d.views));
  const bar = CHART_WIDTH / data.days.length;
  const totals: [string, number][] = [
    ["Views", data.views],
    ["Visitors", data.visitors],
    ["Inquiries", data.inquiries],
    ["Flyers", data.flyerDownloads],
  ];
  return (
    <div className="grid gap-2" data-testid="page-figures">
      <dl className="grid grid-cols-4 gap-1 text-center">
        {totals.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="font-semibold">{value.toLocaleString()}</dd>
          </div>
        ))}
      </dl>
      <svg role="img" aria-label={`Views per day over the last 90 days: ${data.views} in all`} viewBox={`0 0 ${CHART_WIDTH} ${CHART_HEIGHT}`} className="h-12 w-full text-primary">
        {data.days.map((d, i) => {
          const height = (d.views / most) * CHART_HEIGHT;
          return <rect key={d.date} x={i * bar} y={CHART_HEIGHT - height} width={Math.max(bar - 0.5, 0.5)} height={height} fill="currentColor" />;
        })}
      </svg>
      <p className="text-xs text-muted-foreground">Last 90 days; link previews and search engines are not counted.</p>
    </div>
  );
}
