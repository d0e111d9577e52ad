// A remote's own index.html is the static notice `standalone.html`, with no script: a remote runs on the shell's
// Module Federation runtime, which a page of its own does not have. rsbuild still builds an entry for that page;
// this one does nothing.
export {};
