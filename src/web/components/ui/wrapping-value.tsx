/**
 * A value with a line-break opportunity before an email's @: a long address wraps between its
 * name and its domain, not at whatever letter reaches the edge of a narrow column.
 */
export function WrappingValue({ text }: { text: string }) {
  const at = text.indexOf('@');
  if (at <= 0 || /\s/.test(text)) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <wbr />
      {text.slice(at)}
    </>
  );
}
