from archivist.flows.cli import main

main()
