/** The active hub's line above the tabs (filled in with the hubs store). */
export function HubLine(_props: { onConfigure: () => void }) {
  return null;
}
