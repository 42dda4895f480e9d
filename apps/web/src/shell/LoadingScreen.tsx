import { Center, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { LOADING_ANIMATION_INTERVAL_MS } from '../lib/timers';
import { LogoMark } from './KeelLogo';

type Bars = readonly [number, number, number];

function randomBars(): Bars {
  const bar = () => 0.25 + Math.random() * 0.75;
  return [bar(), bar(), bar()];
}

/** A full-area loading state: the logo's bars re-randomise every 2 s (spec §9), easing between heights. */
export function LoadingScreen({
  label = 'Loading…',
  fullScreen = true,
}: {
  label?: string;
  fullScreen?: boolean;
}) {
  const [bars, setBars] = useState<Bars>(randomBars);

  useEffect(() => {
    const timer = window.setInterval(() => setBars(randomBars()), LOADING_ANIMATION_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, []);

  return (
    <Center h={fullScreen ? '100vh' : '60vh'} role="status" aria-live="polite" data-testid="loading-screen">
      <Stack align="center" gap="sm">
        <LogoMark size={56} bars={bars} />
        <Text c="dimmed" size="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
