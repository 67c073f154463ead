import ArgumentParser
import ContractCheckCLI

/// The `contract-check` executable: runs the command line, whose `mock` and `proxy` subcommands are
/// asynchronous.
@main
enum ContractCheckMain {
    static func main() async {
        await ContractCheckCommand.main()
    }
}
