import { CHART_PALETTE, type ChartColor } from '@keel/domain';
import { CheckIcon, ColorSwatch, Popover, SimpleGrid, UnstyledButton } from '@mantine/core';
import { useState } from 'react';

/** The palette's colours as a person names them (CHART_PALETTE: Mantine's twelve colours, in order). */
const COLOR_NAMES = [
  'Blue',
  'Red',
  'Green',
  'Yellow',
  'Violet',
  'Cyan',
  'Orange',
  'Pink',
  'Teal',
  'Indigo',
  'Lime',
  'Gray',
] as const;

function colorName(color: ChartColor): string {
  return COLOR_NAMES[CHART_PALETTE.indexOf(color)] ?? color;
}

/** A series' colour, picked from the 12-colour chart palette only (spec §9), as the API accepts. */
export function PaletteColorPicker({
  value,
  label,
  onChange,
}: {
  value: ChartColor;
  /** What the colour is of, for its accessible name: 'Series 1'. */
  label: string;
  onChange: (color: ChartColor) => void;
}) {
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withinPortal shadow="md">
      <Popover.Target>
        <UnstyledButton
          aria-label={`${label} colour: ${colorName(value)}`}
          onClick={() => setOpened((open) => !open)}
          style={{ display: 'flex' }}
        >
          <ColorSwatch color={value} size={26} radius="sm" />
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown p={8}>
        <SimpleGrid cols={6} spacing={6} role="listbox" aria-label={`${label} colour`}>
          {CHART_PALETTE.map((color) => (
            <ColorSwatch
              key={color}
              component="button"
              type="button"
              color={color}
              size={24}
              radius="sm"
              role="option"
              aria-selected={color === value}
              aria-label={colorName(color)}
              style={{ cursor: 'pointer', color: '#fff' }}
              onClick={() => {
                onChange(color);
                setOpened(false);
              }}
            >
              {color === value ? <CheckIcon size={10} /> : null}
            </ColorSwatch>
          ))}
        </SimpleGrid>
      </Popover.Dropdown>
    </Popover>
  );
}
