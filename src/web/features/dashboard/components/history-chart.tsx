import type { DashboardHistory } from "@shared/dashboard";
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from "chart.js";
import { useEffect, useRef } from "react";
import { formatKiloEuro, monthLabels } from "../lib/figures";

// Only what a grouped bar chart needs (Chart.js 4 is tree-shaken: no line, pie, legend or animation code
// beyond its core). Registered once, when this chunk first loads.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

/** The series' colours: the app's primary and success (src/web/styles.css). */
export const SERIES_COLOURS = { invoiced: "#4338ca", collected: "#16a34a" } as const;

const euro = new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR", maximumFractionDigits: 0 });

/**
 * The 12 months' bars (invoiced HT, collected) drawn by Chart.js on a canvas. Loaded on its own, after
 * the home's first paint and once its card is in view (history-card.tsx); hidden from screen readers,
 * which read the same figures in the card's table.
 */
export function HistoryChart({
  history,
  labels,
}: {
  history: DashboardHistory;
  labels: { invoiced: string; collected: string };
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const font = getComputedStyle(element).fontFamily;
    const chart = new Chart(element, {
      type: "bar",
      data: {
        labels: history.months.map((m) => monthLabels(m.month).short),
        datasets: [
          {
            label: labels.invoiced,
            data: history.months.map((m) => m.invoiced),
            backgroundColor: SERIES_COLOURS.invoiced,
            borderRadius: 4,
            maxBarThickness: 18,
          },
          {
            label: labels.collected,
            data: history.months.map((m) => m.collected),
            backgroundColor: SERIES_COLOURS.collected,
            borderRadius: 4,
            maxBarThickness: 18,
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        font: { family: font },
        interaction: { mode: "index", intersect: false },
        scales: {
          x: {
            grid: { display: false },
            ticks: { color: "#556070", font: { family: font, size: 11 }, maxRotation: 0, autoSkipPadding: 6 },
          },
          y: {
            beginAtZero: true,
            border: { display: false },
            grid: { color: "#eef0f6" },
            ticks: {
              color: "#556070",
              font: { family: font, size: 11 },
              maxTicksLimit: 5,
              callback: (value) => formatKiloEuro(Number(value)),
            },
          },
        },
        plugins: {
          tooltip: {
            callbacks: {
              title: (items) => {
                const month = history.months[items[0]?.dataIndex ?? 0]?.month;
                return month ? monthLabels(month).long : "";
              },
              label: (item) => `${item.dataset.label ?? ""}\u00a0: ${euro.format(Number(item.raw))}`,
            },
          },
        },
      },
    });
    return () => chart.destroy();
  }, [history, labels]);
  return (
    <div aria-hidden="true" className="relative h-full w-full">
      <canvas ref={canvas} className="font-sans" />
    </div>
  );
}
