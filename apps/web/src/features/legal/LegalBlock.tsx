import { Box, List, Table, Text } from '@mantine/core';
import type { LegalBlock as LegalBlockValue, LegalText as LegalTextValue } from './documents/legalDocument';
import { LegalText } from './LegalText';
import classes from './legal.module.css';

/** One block of a section: a paragraph, a list, term–definition pairs or a table. */
export function LegalBlock({ block }: { block: LegalBlockValue }) {
  if (typeof block === 'string' || !('kind' in block)) {
    return (
      <Text className={classes.prose}>
        <LegalText text={block} />
      </Text>
    );
  }
  switch (block.kind) {
    case 'list':
      return (
        <List type={block.ordered ? 'ordered' : 'unordered'} spacing={6} className={classes.prose} pr="md">
          {block.items.map((item) => (
            <List.Item key={keyOf(item)}>
              <LegalText text={item} />
            </List.Item>
          ))}
        </List>
      );
    case 'terms':
      return (
        <Box component="dl" className={`${classes.terms} ${classes.prose}`}>
          {block.items.map(({ term, text }) => (
            <TermRow key={term} term={term} text={text} />
          ))}
        </Box>
      );
    case 'table':
      return (
        <Table
          withTableBorder
          verticalSpacing="xs"
          captionSide="top"
          fz="sm"
          lh={1.5}
          className={classes.stackedTable}
        >
          <Table.Caption ta="left" fw={600} c="dark.7">
            {block.caption}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {block.columns.map((column) => (
                <Table.Th key={column} scope="col">
                  {column}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {block.rows.map((row) => (
              <Table.Tr key={row.join('|')}>
                {row.map((cell, column) => (
                  // Cells are positional: column n is always the block's columns[n]. On a phone the
                  // table stacks, and each cell shows its column's name (legal.module.css).
                  // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                  <Table.Td key={column} data-label={block.columns[column]}>
                    {cell}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      );
  }
}

function TermRow({ term, text }: Extract<LegalBlockValue, { kind: 'terms' }>['items'][number]) {
  return (
    <>
      <dt>{term}</dt>
      <dd>
        <LegalText text={text} />
      </dd>
    </>
  );
}

/** A list item's key: its text, which is unique within a list. */
function keyOf(item: LegalTextValue): string {
  return typeof item === 'string' ? item : JSON.stringify(item);
}
