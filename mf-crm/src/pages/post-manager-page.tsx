import { PostScreen } from '../features/posts/post-screen';

/** Posts of the user's pages with scheduled posting, in add and update modes. */
export function PostManagerPage() {
  return <PostScreen />;
}
