import FocusCore
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

let environment = ProcessEnvironment.read()
exit(
    CommandLineTool(root: FocusCommand.self, environment: environment).run(Array(CommandLine.arguments.dropFirst())) {
        () throws(FocusError) -> Context in try Context(environment: environment)
    })
