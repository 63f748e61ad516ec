// ReuseKit is built on the diffing at the bottom of the stack: `import ReuseKit` brings its
// types (ItemPath, Changeset, StagedChangeset, ChangesetMapping, BatchUpdateError,
// Differentiable) along, so that clients need one import.
@_exported import ReuseDiffing
