from services.cli import main

raise SystemExit(main())
