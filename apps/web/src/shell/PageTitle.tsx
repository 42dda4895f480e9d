import { PRODUCT_NAME } from '@keel/domain';
import { Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';

/** Sets the browser tab's title to the page's name. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · ${PRODUCT_NAME}`;
    return () => {
      document.title = PRODUCT_NAME;
    };
  }, [title]);
}

/** A page's heading; also names the browser tab. */
export function PageTitle({ children, title }: { children?: ReactNode; title: string }) {
  useDocumentTitle(title);
  return (
    <Title order={2} fw={650} mb="xs">
      {children ?? title}
    </Title>
  );
}
