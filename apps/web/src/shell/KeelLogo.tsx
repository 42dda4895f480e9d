import { PRODUCT_NAME } from '@keel/domain';
import { Group, Text } from '@mantine/core';

type LogoMarkProps = {
  size?: number;
  /** White tile with blue bars, for dark backgrounds. */
  inverted?: boolean;
  /** Bar heights as fractions of the tallest bar (0..1); the loading screen animates them. */
  bars?: readonly [number, number, number];
};

const RESTING_BARS = [0.62, 1, 0.8] as const;

/** The mark: three rising bars in a rounded square. */
export function LogoMark({ size = 32, bars = RESTING_BARS, inverted = false }: LogoMarkProps) {
  const maxHeight = 16;
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-label={`${PRODUCT_NAME} logo`}>
      <rect width="32" height="32" rx="8" fill={inverted ? '#fff' : 'var(--mantine-color-keel-7)'} />
      {bars.map((fraction, index) => {
        const height = Math.max(3, fraction * maxHeight);
        return (
          <rect
            // Bars are positional: their order never changes.
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed three bars
            key={index}
            x={8 + index * 6}
            y={24 - height}
            width="4"
            height={height}
            rx="1.5"
            fill={inverted ? 'var(--mantine-color-keel-7)' : '#fff'}
            style={{ transition: 'y 600ms ease, height 600ms ease' }}
          />
        );
      })}
    </svg>
  );
}

/** The mark with the product name beside it. */
export function KeelLogo({ size = 32, inverted = false }: { size?: number; inverted?: boolean }) {
  return (
    <Group gap={10} wrap="nowrap">
      <LogoMark size={size} inverted={inverted} />
      <Text fw={700} fz={size * 0.62} c={inverted ? 'white' : 'dark.8'} style={{ letterSpacing: '-0.02em' }}>
        {PRODUCT_NAME}
      </Text>
    </Group>
  );
}
