import { createFileRoute } from '@tanstack/react-router';
import { NewWorkflowPage } from '@/features/workflows/new-workflow-page';

export const Route = createFileRoute('/_app/workflows/new')({
  component: NewWorkflowPage,
});
