import { List, Text } from '@mantine/core';
import { Fragment } from 'react';
import { type ChatTextLine, parseChatText } from './parseChatText';

/** A message's text: paragraphs with their line breaks, bulleted and numbered lists, bold runs. */
export function ChatText({ text }: { text: string }) {
  const blocks = parseChatText(text);
  return (
    <>
      {blocks.map((block, index) =>
        block.kind === 'paragraph' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no identity but their place
          <Text key={index} fz="sm" mt={index === 0 ? 0 : 6} style={{ overflowWrap: 'anywhere' }}>
            {block.lines.map((line, lineIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity but their place
              <Fragment key={lineIndex}>
                {lineIndex > 0 ? <br /> : null}
                <Runs line={line} />
              </Fragment>
            ))}
          </Text>
        ) : (
          <List
            // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no identity but their place
            key={index}
            type={block.ordered ? 'ordered' : 'unordered'}
            start={block.ordered ? block.start : undefined}
            fz="sm"
            mt={index === 0 ? 0 : 6}
            spacing={2}
            withPadding
            style={{ overflowWrap: 'anywhere' }}
          >
            {block.items.map((item, itemIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: items have no identity but their place
              <List.Item key={itemIndex}>
                <Runs line={item} />
              </List.Item>
            ))}
          </List>
        ),
      )}
    </>
  );
}

function Runs({ line }: { line: ChatTextLine }) {
  return (
    <>
      {line.map((run, index) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: runs have no identity but their place
        run.bold ? <strong key={index}>{run.text}</strong> : <Fragment key={index}>{run.text}</Fragment>,
      )}
    </>
  );
}
