import ContractCheckCLI

ContractCheckCommand.main()
