import { createFileRoute } from '@tanstack/react-router';
import { NewWorkflowPage } from '@/features/workflows/new-workflow-page';
import { loadMultiSelect } from '@/features/workflows/use-multi-select';

export const Route = createFileRoute('/_app/workflows/new')({
  // On intent (the router preloads on hover and focus), the steps' Waits for starts loading with the page.
  loader: () => {
    void loadMultiSelect();
  },
  component: NewWorkflowPage,
});
