import { Button, type ButtonProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';

function MantineButtonAnchor(props: ButtonProps & ComponentPropsWithRef<'a'>) {
  return <Button component="a" {...props} />;
}

/** A Mantine button that is a link, with the router's typed `to` and `params`. */
export const ButtonLink = createLink(MantineButtonAnchor);
