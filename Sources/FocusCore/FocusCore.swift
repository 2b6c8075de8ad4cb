// FocusCore is the library the `focus` executable is built on: one import for every layer below it.
// Each layer is a module of its own, so the compiler enforces the direction of dependencies
// (docs/ARCHITECTURE.md): a module cannot import one above it.
@_exported import FocusInterchange
@_exported import FocusJournal
@_exported import FocusModels
@_exported import FocusServices
@_exported import FocusSound
@_exported import FocusStore
@_exported import FocusViewModels
