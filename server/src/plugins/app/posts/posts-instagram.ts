import type { PostFailure } from '@pagemate/shared-contracts/contracts';
import type { FastifyInstance } from 'fastify';
import type { PostRunRow, ScheduledPostRow } from './posts-repository.js';

/** Posts on Instagram with several images are carousels of at most this many. */
const CAROUSEL_MAX = 10;

/** The container is still being processed at Meta: the run stays `publishing` and the job tries again later. */
export class ContainerNotReady extends Error {
  override name = 'ContainerNotReady';
}

/** Instagram will not take this run (no linked account, quota used up, container failed): it ends failed for this reason. */
export class InstagramRefusal extends Error {
  override name = 'InstagramRefusal';
  constructor(
    readonly reason: Extract<PostFailure, `instagram_${string}`>,
    readonly detail: string | null,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A run on the page's linked Instagram account: Meta's content publishing flow. A media container for the
 * image (a carousel of containers for several), kept on the run; then, once Meta reports it FINISHED, one
 * `media_publish`. The account's rolling 24-hour quota (`content_publishing_limit`) is read before each step
 * that counts. Each step survives a retry: a container already made is reused, and one already published is
 * found among the account's media instead of being published twice.
 */
export function createInstagramPublisher(app: FastifyInstance, mediaUrl: (mediaId: string) => string) {
  const repo = app.postsRepository;
  const graph = app.meta.graph;
  const now = () => app.clock.now();

  async function checkQuota(igUserId: string, token: string) {
    const { used, total } = await graph.instagramPublishingLimit(igUserId, token);
    if (total > 0 && used >= total) {
      throw new InstagramRefusal('instagram_quota', `${used}/${total}`, `Instagram's publishing limit is reached (${used} of ${total} posts in 24 hours)`);
    }
  }

  async function createContainer(igUserId: string, token: string, post: ScheduledPostRow): Promise<string> {
    const images = await repo.mediaOf(post.userId, post.mediaIds);
    const known = new Set(images.map((row) => row.id));
    const urls = post.mediaIds.filter((id) => known.has(id)).map(mediaUrl).slice(0, CAROUSEL_MAX);
    if (urls.length === 0) throw new InstagramRefusal('instagram_no_image', null, 'Instagram posts need an image, and this post has none left');
    if (urls.length === 1) return (await graph.createInstagramContainer(igUserId, token, { image_url: urls[0] ?? '', caption: post.content })).id;
    const children: string[] = [];
    for (const url of urls) children.push((await graph.createInstagramContainer(igUserId, token, { image_url: url, is_carousel_item: true })).id);
    return (await graph.createInstagramContainer(igUserId, token, { media_type: 'CAROUSEL', children: children.join(','), caption: post.content })).id;
  }

  /** Publishes (or finds published) the run's post; answers the Instagram media id. */
  async function publish(run: PostRunRow, post: ScheduledPostRow, token: string): Promise<string> {
    const page = await app.facebookRepository.findPage(run.userId, run.pageId);
    const igUserId = page?.igUserId;
    if (!igUserId) throw new InstagramRefusal('instagram_not_linked', null, 'The page has no linked Instagram professional account any more');
    let containerId = run.igContainerId;
    if (!containerId) {
      await checkQuota(igUserId, token);
      containerId = await createContainer(igUserId, token, post);
      await repo.setRunContainer(run.id, containerId, now());
    }
    const { status_code: status } = await graph.instagramContainerStatus(containerId, token);
    switch (status) {
      case 'IN_PROGRESS':
        throw new ContainerNotReady(`Instagram is still processing container ${containerId}`);
      case 'PUBLISHED': {
        // An earlier attempt published it and its answer was lost: the account's media made from it.
        const media = await graph.instagramMedia(igUserId, token);
        return media.find((item) => item.caption.trim() === post.content.trim())?.id ?? containerId;
      }
      case 'FINISHED':
        await checkQuota(igUserId, token);
        return (await graph.publishInstagramContainer(igUserId, token, containerId)).id;
      default:
        throw new InstagramRefusal('instagram_image_failed', status, `Instagram could not process the image (container ${status})`);
    }
  }

  return { publish };
}
