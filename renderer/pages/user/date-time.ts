const pad = (value: number) => String(value).padStart(2, '0');

/** Spec §9 timestamp format, yyyy-MM-dd HH:mm:ss, in the visitor's time zone; unreadable input is shown as is. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}
