import { Fragment } from 'react';

/**
 * A value with a line-break opportunity before each email's @: a long address wraps between
 * its name and its domain, not at whatever letter reaches the edge of a narrow column.
 */
export function WrappingValue({ text }: { text: string }) {
  const parts = text.split(/(?=@)/);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
