/** Greeting by local hour (docs/domain/shell.md#home): 5–12 Bonjour, 12–18 Bon après-midi, otherwise Bonsoir. */
export function greetingForHour(hour: number): "Bonjour" | "Bon après-midi" | "Bonsoir" {
  if (hour >= 5 && hour < 12) return "Bonjour";
  if (hour >= 12 && hour < 18) return "Bon après-midi";
  return "Bonsoir";
}
