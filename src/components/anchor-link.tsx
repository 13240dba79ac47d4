import { Anchor, type AnchorProps, Button, type ButtonProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';

function MantineAnchor(props: AnchorProps & ComponentPropsWithRef<'a'>) {
  return <Anchor {...props} />;
}

/** A Mantine anchor with the router's typed `to` and `params`. */
export const AnchorLink = createLink(MantineAnchor);

function MantineButton(props: ButtonProps & ComponentPropsWithRef<'a'>) {
  return <Button component="a" {...props} />;
}

/** A Mantine button that is a link, with the router's typed `to` and `params`. */
export const ButtonLink = createLink(MantineButton);
