import Box from '@mui/material/Box';
import { Fragment } from 'react';

/** A token with nowhere to wrap that is worth breaking: an e-mail or a link, or anything over 24 characters. */
const isLongToken = (token: string) => token.length > 24 || (token.length > 10 && /[@/]/.test(token));

/**
 * Text that wraps at word boundaries, except that a long token with no space in it (an e-mail, a link) may break inside
 * itself, before its dots and its @ where it can: one address cannot widen a table's column past the screen, and no
 * ordinary word is ever cut.
 */
export function LongText({ text }: { text: string }) {
  return (
    <>
      {text.split(/(\s+)/).map((part, i) =>
        isLongToken(part) ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in their order.
          <Box key={i} component="span" sx={{ overflowWrap: 'anywhere' }}>
            {part.split(/(?=[@.])/).map((piece, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one token, in their order.
              <Fragment key={j}>
                {j > 0 ? <wbr /> : null}
                {piece}
              </Fragment>
            ))}
          </Box>
        ) : (
          part
        ),
      )}
    </>
  );
}
